// A fixed-size table of zeroed integers for the archive's cell table and weight tree (2 MiB
// each). zero_table_posix.cpp maps it lazily (only the pages touched are made, no memset of
// the whole) in 2 MiB pages where the system has them, so that the lookup on every explored
// frame, which lands anywhere in the table, does not also miss the TLB; zero_table_win32.cpp
// callocs it.
#pragma once
#include <cstddef>
#include <cstdint>

namespace ts::hunt {

// `bytes` of zeroes; *base and *mapped are what freeZeroed takes. Throws std::bad_alloc.
void* allocZeroed(size_t bytes, void** base, size_t* mapped);
void freeZeroed(void* base, size_t mapped);

template <class T>
class ZeroTable {
  public:
    explicit ZeroTable(size_t n)
        : data_(static_cast<T*>(allocZeroed(n * sizeof(T), &base_, &mapped_))), size_(n) {}
    ~ZeroTable() { freeZeroed(base_, mapped_); }
    ZeroTable(const ZeroTable&) = delete;
    ZeroTable& operator=(const ZeroTable&) = delete;
    T& operator[](size_t i) { return data_[i]; }
    const T& operator[](size_t i) const { return data_[i]; }
    size_t size() const { return size_; }
    const T* data() const { return data_; }

  private:
    void* base_ = nullptr;
    size_t mapped_ = 0;
    T* data_;
    size_t size_;
};

}  // namespace ts::hunt
