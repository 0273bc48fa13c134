// libFuzzer: any bytes as an LDtk project (importLdtkText reads no other file). Bad input must
// end in MapError, never a crash.
#include <cstddef>
#include <cstdint>
#include <string>

#include "fuzz_support.h"
#include "interop/ldtk_import.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    ts::Map m;
    try {
        m = ts::interop::importLdtkText(text, "fuzz.ldtk", ts::interop::ImportOptions{}).map;
    } catch (const ts::MapError&) {
        return 0;
    }
    ts::fuzz::checkLoadedMap(m);
    return 0;
}
