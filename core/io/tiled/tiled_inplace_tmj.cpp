// The in-place save's TMJ side (tiled_inplace.h).
#include "io/map_io.h"
#include "io/tiled/detail/inplace_plan.h"

namespace ts::interop {

std::string patchTmj(const ForeignSource& src, const InplacePlan&, const std::string& out) {
    throw MapError(out + ": not saved in place: " + src.path +
                   ": changes to .tmj maps are not written in place yet");
}

}  // namespace ts::interop
