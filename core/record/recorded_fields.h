// A recorded state line's own fields as the debugger's inspector shows them for `tilestep
// view TRACE`: each as written in the trace, except where the actor's mover (named in the
// trace's header) is a built-in that reads the value its own way (MoverInfo::fieldText), the
// same words the editor's debugger shows for a live actor (movers/model_fields.h,
// modelStateFields): `air_frames` 1073741824 of pixel_sweep is "jumped (1073741824)".
#pragma once
#include <string>
#include <vector>

#include "movers/model_fields.h"
#include "record/recorded_trace.h"

namespace ts {

// The fields in line order. A field's value is the mover's reading when `moverId` is a
// built-in, `key` is one of its describe fields, the recorded value has that field's type
// (a whole number for an int, an exact number for a fixed-point one, a bool, a string for a
// name) and the mover has a reading for it; else the text as recorded, with "  (~F in
// 1/65536)" after a number no 1/65536 step holds exactly.
std::vector<StateField> recordedStateFields(const std::string& moverId,
                                            const std::vector<TraceField>& fields);

// The mover's reading of one recorded field ("jumped (1073741824)"), or "" when it has none
// (not a built-in, not one of its fields, another type, or a value it reads as the number).
// The plots of `tilestep view` draw such a value at the top of the others' range and label
// it with these words, as the editor's debugger plots a live actor's.
std::string recordedFieldReading(const std::string& moverId, const TraceField& field);

// recordedFieldReading for many fields of one mover: the mover is looked up and its fields'
// keys and types asked once (the plots read every field of a few hundred lines a frame).
class RecordedFieldReader {
  public:
    explicit RecordedFieldReader(const std::string& moverId);
    std::string reading(const TraceField& field) const;

  private:
    const MoverInfo* info_ = nullptr;  // a built-in with readings; null: none has one
    ModelFields own_;                  // its fields' keys and types (describe of any state)
};

}  // namespace ts
