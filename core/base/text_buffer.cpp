#include "base/text_buffer.h"

#include <algorithm>

namespace ts {

void TextBuffer::grow(size_t n) {
    buf_.resize(std::max(buf_.size() * 2, used_ + n + 4096));
}

}  // namespace ts
