#include "editor.h"

#include <cstdio>

namespace ts {

int runEditor(int, char**) {
    std::fprintf(stderr, "tilestep: the editor is not built yet\n");
    return 1;
}

}  // namespace ts
