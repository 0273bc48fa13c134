#include "editor/param_widget.h"

#include <imgui.h>

namespace ts {

bool paramWidget(const ParamSpec& spec, Fix current, Fix* value) {
    // A double field for whole numbers too: ImGui's int field would parse a typed "2.6" as 2
    // before normalize() could round it to 3. Drags show and step whole numbers ("%.0f");
    // typed text keeps its fraction for normalize().
    double v = current.toDouble();
    // About 400 mouse pixels from one end of the range to the other; whole numbers step once
    // per 10 pixels, as ImGui's int drag did.
    const float speed = spec.integer ? 0.1f : float((spec.max - spec.min) / 400);
    const bool edited = ImGui::DragScalar(spec.name, ImGuiDataType_Double, &v, speed, &spec.min,
                                          &spec.max, spec.integer ? "%.0f" : "%.4f");
    const Fix typed = Fix::fromDouble(v);
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("%s\nunit: %s, default %s, range %g .. %g", spec.help, spec.unit,
                          spec.defFix().str().c_str(), spec.min, spec.max);
    if (!edited) return false;
    const Fix normalized = spec.normalize(typed);
    if (normalized == current) return false;
    *value = normalized;
    return true;
}

}  // namespace ts
