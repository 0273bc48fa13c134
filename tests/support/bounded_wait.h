// Waiting on files another process is writing, with bounds on what the test lets grow and
// reads. A test that waits for a file to reach some state fails when the code under test
// is broken; if "broken" means writing without end (a trace streamed into the wrong file, a
// log line printed every frame), an unbounded wait fills the disk and an unbounded read the
// test's memory before the test can say what went wrong. These stop at a bound instead and
// say which file passed it.
#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace ts::test {

// More than any file a test waits on should hold (traces of a few frames, an editor's log).
constexpr uint64_t kMaxWatchedFileBytes = uint64_t(16) << 20;

// The first maxBytes of PATH ("" when it cannot be read); *longer, when given, says whether
// the file held more.
std::string readFileAtMost(const std::string& path, uint64_t maxBytes = kMaxWatchedFileBytes,
                           bool* longer = nullptr);

// The size of PATH in bytes, 0 when it does not exist.
uint64_t fileSize(const std::string& path);

enum class WaitEnd { Ready, TooLarge, TimedOut };

// Polls `ready` every pollMs until it holds (Ready); until then, stops early when a watched
// file holds more than maxBytes (TooLarge; a watched folder watches each file directly in
// it), or when timeoutMs has passed (TimedOut). *why (when given) says which file grew past
// the bound, or how long the wait took.
WaitEnd waitBounded(const std::function<bool()>& ready, const std::vector<std::string>& watched,
                    uint64_t maxBytes, int timeoutMs, std::string* why = nullptr, int pollMs = 10);

}  // namespace ts::test
