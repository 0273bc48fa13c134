// File > Save recording as... in `tilestep view`: the recording written on a thread of its
// own, from a copy taken when the user asked, so that the window keeps drawing (and a live
// game keeps sending) while a long recording is written: 1M frames take about 2 s. No GL.
#pragma once
#include <future>
#include <memory>
#include <string>

#include "record/recorded_trace.h"

namespace ts {

class RecordingSave {
  public:
    // Waits for a save under way: quitting never leaves a file half written.
    ~RecordingSave();

    // Starts writing `t`'s frames so far to `path` (record/recorded_trace_save.h); `note` ends
    // the message that says it is saved. False with *message when a save is still under way.
    bool start(const RecordedTrace& t, const std::string& path, const std::string& note,
               std::string* message);
    bool busy() const { return done_.valid(); }
    // Once the save has ended: true, with *ok and *message ("Saved N frames to PATH" or the
    // error). False while it runs or when none was started.
    bool finished(bool* ok, std::string* message);

  private:
    std::future<std::string> done_;  // "" or the error
    std::string saved_;              // the message once it succeeds
};

}  // namespace ts
