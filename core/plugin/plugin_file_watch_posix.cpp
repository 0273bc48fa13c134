// PluginFileWatch's stamp of the plugin file on Linux: modification time in nanoseconds and size.
#include <sys/stat.h>

#include "plugin/plugin_reload.h"

namespace ts {

PluginFileWatch::Stamp PluginFileWatch::read() const {
    struct stat st;
    Stamp s;
    if (::stat(path_.c_str(), &st) != 0) return s;
    s.exists = true;
    s.mtimeNs = int64_t(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec;
    s.size = int64_t(st.st_size);
    return s;
}

}  // namespace ts
