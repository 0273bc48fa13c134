// The C test compiled as C++17 (tests/c/headers_compose.c).
#include "headers_compose.c"
