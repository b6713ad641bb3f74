/// The git-history analyzer: commits after the baseline, their sizes, messages, process and integrity.
enum GraderHistory {}
