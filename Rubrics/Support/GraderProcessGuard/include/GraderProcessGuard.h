#ifndef GRADER_PROCESS_GUARD_H
#define GRADER_PROCESS_GUARD_H

// Nothing public: a candidate's test target links this module (GraderNoProcesses.c) for its loader-time filter,
// and an `import GraderProcessGuard` gives it nothing to call.

#endif
