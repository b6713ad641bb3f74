/// The static rules: one file per rule, a registry, and the runner that applies them to a submission.
enum GraderRules {}
