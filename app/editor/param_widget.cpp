#include "editor/param_widget.h"

#include <imgui.h>

namespace ts {

bool paramWidget(const ParamSpec& spec, Fix current, Fix* value) {
    bool edited = false;
    Fix typed = current;
    if (spec.integer) {
        int v = int(current.round());
        edited = ImGui::DragInt(spec.name, &v, 0.1f, int(spec.min), int(spec.max));
        typed = Fix::fromInt(v);
    } else {
        double v = current.toDouble();
        // About 400 mouse pixels from one end of the range to the other.
        edited =
            ImGui::DragScalar(spec.name, ImGuiDataType_Double, &v,
                              float((spec.max - spec.min) / 400), &spec.min, &spec.max, "%.4f");
        typed = Fix::fromDouble(v);
    }
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
