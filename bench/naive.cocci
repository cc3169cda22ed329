/// The naive conversion the benchmark compares against: one rule, the
/// wrapper name made by gluing "security_" to the member, no manifest,
/// no allow-list, no protection of the wrappers themselves.  Not for
/// use: bench/convert.sh only.
// Options: --include-headers

@@
identifier hook;
fresh identifier w = "security_" ## hook;
@@
- security_ops->hook
+ w
  (...)
