#include "bounded_wait.h"

#include <chrono>
#include <filesystem>
#include <fstream>
#include <thread>

namespace ts::test {

namespace fs = std::filesystem;

std::string readFileAtMost(const std::string& path, uint64_t maxBytes, bool* longer) {
    std::ifstream f(path, std::ios::binary);
    std::string bytes(size_t(maxBytes) + 1, '\0');
    f.read(&bytes[0], std::streamsize(bytes.size()));
    bytes.resize(size_t(f.gcount()));
    const bool more = bytes.size() > maxBytes;
    if (more) bytes.resize(size_t(maxBytes));
    if (longer) *longer = more;
    return bytes;
}

uint64_t fileSize(const std::string& path) {
    std::error_code ec;
    const uintmax_t size = fs::file_size(path, ec);
    return ec ? 0 : uint64_t(size);
}

namespace {

// The first watched file holding more than maxBytes, as "PATH (N bytes)", or "".
std::string overgrown(const std::vector<std::string>& watched, uint64_t maxBytes) {
    for (const std::string& w : watched) {
        std::error_code ec;
        std::vector<std::string> files;
        if (fs::is_directory(w, ec)) {
            for (const auto& e : fs::directory_iterator(w, ec)) files.push_back(e.path().string());
        } else {
            files.push_back(w);
        }
        for (const std::string& f : files) {
            const uint64_t size = fileSize(f);
            if (size > maxBytes)
                return f + " (" + std::to_string(size) + " bytes, more than the " +
                       std::to_string(maxBytes) + " the test allows)";
        }
    }
    return "";
}

}  // namespace

WaitEnd waitBounded(const std::function<bool()>& ready, const std::vector<std::string>& watched,
                    uint64_t maxBytes, int timeoutMs, std::string* why, int pollMs) {
    const auto start = std::chrono::steady_clock::now();
    for (;;) {
        // The size first: `ready` may read the files it is about.
        const std::string big = overgrown(watched, maxBytes);
        if (!big.empty()) {
            if (why) *why = "grew past the bound: " + big;
            return WaitEnd::TooLarge;
        }
        if (ready()) return WaitEnd::Ready;
        const auto waited = std::chrono::duration_cast<std::chrono::milliseconds>(
            std::chrono::steady_clock::now() - start);
        if (waited.count() >= timeoutMs) {
            if (why) *why = "not ready after " + std::to_string(waited.count()) + " ms";
            return WaitEnd::TimedOut;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(pollMs));
    }
}

}  // namespace ts::test
