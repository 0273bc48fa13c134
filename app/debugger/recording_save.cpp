#include "debugger/recording_save.h"

#include <chrono>

#include "record/recorded_trace_save.h"

namespace ts {

RecordingSave::~RecordingSave() {
    if (done_.valid()) done_.wait();
}

bool RecordingSave::start(const RecordedTrace& t, const std::string& path, const std::string& note,
                          std::string* message) {
    if (busy()) {
        *message = "a recording is still being saved: try again once it is written";
        return false;
    }
    // The window's trace grows on this thread (a live game): the save reads a copy of its own.
    auto copy = std::make_shared<const RecordedTrace>(t.snapshot());
    const size_t frames = copy->frameCount();
    saved_ = "Saved " + std::to_string(frames) + " frames to " + path + note;
    done_ = std::async(std::launch::async, [copy, frames, path] {
        std::string error;
        return saveRecordedTrace(*copy, frames, path, &error) ? std::string() : error;
    });
    *message = "Saving " + std::to_string(frames) + " frames to " + path + "...";
    return true;
}

bool RecordingSave::finished(bool* ok, std::string* message) {
    if (!done_.valid() || done_.wait_for(std::chrono::seconds(0)) != std::future_status::ready)
        return false;
    const std::string error = done_.get();
    *ok = error.empty();
    *message = *ok ? saved_ : error;
    return true;
}

}  // namespace ts
