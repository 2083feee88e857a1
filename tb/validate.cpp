#include "validate.h"

namespace d3 {
int run_validate(int, char**) { return 2; }
}  // namespace d3
