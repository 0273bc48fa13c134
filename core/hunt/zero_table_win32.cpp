// ZeroTable's memory (detail/zero_table.h) on Windows: calloc.
#include <cstdlib>
#include <new>

#include "hunt/detail/zero_table.h"

namespace ts::hunt {

void* allocZeroed(size_t bytes, void** base, size_t* mapped) {
    void* p = std::calloc(bytes ? bytes : 1, 1);
    if (!p) throw std::bad_alloc();
    *base = p;
    *mapped = bytes;
    return p;
}

void freeZeroed(void* base, size_t) {
    std::free(base);
}

}  // namespace ts::hunt
