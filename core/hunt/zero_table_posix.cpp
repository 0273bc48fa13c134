// ZeroTable's memory (detail/zero_table.h) on Linux and other POSIX systems: anonymous pages
// (zero, made only when touched), in 2 MiB pages where the system has them (MADV_HUGEPAGE).
#include <sys/mman.h>

#include <cstdint>
#include <new>

#include "hunt/detail/zero_table.h"

namespace ts::hunt {

void* allocZeroed(size_t bytes, void** base, size_t* mapped) {
    constexpr size_t kHuge = size_t(2) << 20;
    // 2 MiB more, to start on a 2 MiB boundary.
    const size_t len = (bytes ? bytes : 1) + kHuge;
    void* p = mmap(nullptr, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) throw std::bad_alloc();
    const uintptr_t start = (reinterpret_cast<uintptr_t>(p) + kHuge - 1) & ~uintptr_t(kHuge - 1);
#ifdef MADV_HUGEPAGE
    madvise(reinterpret_cast<void*>(start), bytes, MADV_HUGEPAGE);  // a hint only
#endif
    *base = p;
    *mapped = len;
    return reinterpret_cast<void*>(start);
}

void freeZeroed(void* base, size_t mapped) {
    munmap(base, mapped);
}

}  // namespace ts::hunt
