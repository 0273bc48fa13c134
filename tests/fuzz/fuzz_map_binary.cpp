// libFuzzer: any bytes as a .tsmap map. Bad input must end in MapError, never a crash.
#include <cstddef>
#include <cstdint>
#include <string>

#include "fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string bytes(reinterpret_cast<const char*>(data), size);
    ts::Map m;
    try {
        m = ts::mapFromBinary(bytes, "fuzz.tsmap");
    } catch (const ts::MapError&) {
        return 0;
    }
    ts::fuzz::checkLoadedMap(m);
    return 0;
}
