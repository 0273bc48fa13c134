// The debugger panel's input-log file field, one per actor: "Save log" writes the selected
// actor's keys, so the path it writes to must be that actor's (a single shared field kept the
// first actor's default path, and saving another actor's keys overwrote the first's file).
#pragma once
#include <map>
#include <string>

namespace ts {

class LogPaths {
  public:
    // The field of actor `name`, starting as `defaultPath` the first time it is shown.
    std::string& field(const std::string& name, const std::string& defaultPath) {
        auto it = paths_.find(name);
        if (it == paths_.end()) it = paths_.emplace(name, defaultPath).first;
        return it->second;
    }
    void set(const std::string& name, const std::string& path) { paths_[name] = path; }
    void clear() { paths_.clear(); }  // another map was opened

  private:
    std::map<std::string, std::string> paths_;
};

}  // namespace ts
