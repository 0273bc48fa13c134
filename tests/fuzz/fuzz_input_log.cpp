// libFuzzer: any bytes as an input log. A log that parses must format and parse back to the
// same runs; one that does not must say why.
#include <cstddef>
#include <cstdint>
#include <string>

#include "fuzz_support.h"
#include "sim/input_log.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    ts::InputLog log;
    std::string error;
    if (!ts::parseInputLog(text, &log, &error)) {
        if (error.empty()) ts::fuzz::failed("a refused log without an error message");
        return 0;
    }
    if (log.frames() > ts::kMaxLogFrames) ts::fuzz::failed("a log longer than the limit");
    ts::InputLog again;
    if (!ts::parseInputLog(ts::formatInputLog(log), &again, &error) || !(again == log))
        ts::fuzz::failed("format then parse changed the log");
    return 0;
}
