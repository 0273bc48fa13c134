#include "editor/param_widget.h"

#include <imgui.h>
#include <imgui_internal.h>  // GetActiveID: the field being dragged or typed in

#include <cstdio>
#include <string>

namespace ts {

bool paramWidget(const ParamSpec& spec, Fix current, Fix* value) {
    // A double field for whole numbers too: ImGui's int field would parse a typed "2.6" as 2
    // before normalize() could round it to 3. Drags show and step whole numbers ("%.0f");
    // typed text keeps its fraction for normalize().
    double v = current.toDouble();
    // About 400 mouse pixels from one end of the range to the other; whole numbers step once
    // per 10 pixels, as ImGui's int drag did.
    const float speed = spec.integer ? 0.1f : float((spec.max - spec.min) / 400);
    // At rest the field shows the value's shortest text, as the map file writes it: 0.05, not
    // 0.0500 or the exact 0.0500030517578125. While it is dragged or typed in, four decimals
    // (a drag rounds its steps to the shown precision).
    const bool active = ImGui::GetActiveID() == ImGui::GetID(spec.name);
    char format[16] = "%.0f";
    if (!spec.integer) {
        const std::string text = current.shortest();
        const size_t dot = text.find('.');
        const int decimals = dot == std::string::npos ? 0 : int(text.size() - dot - 1);
        std::snprintf(format, sizeof format, "%%.%df", active ? 4 : decimals);
    }
    const bool edited =
        ImGui::DragScalar(spec.name, ImGuiDataType_Double, &v, speed, &spec.min, &spec.max, format);
    const Fix typed = Fix::fromDouble(v);
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("%s\nunit: %s, default %s, range %g .. %g", spec.help, spec.unit,
                          spec.defFix().shortest().c_str(), spec.min, spec.max);
    if (!edited) return false;
    const Fix normalized = spec.normalize(typed);
    if (normalized == current) return false;
    *value = normalized;
    return true;
}

}  // namespace ts
