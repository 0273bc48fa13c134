// A three-way patch of a JSON text, the way a careful editor saves a file a user also edits
// by hand: `source` is the file as read, `before` and `after` are the same writer's text for
// the document as read and as it is now. Wherever `before` and `after` agree, the source's
// bytes stay (its key order, layout, number spelling, keys the writer leaves out); where they
// differ, the smallest enclosing value of the source is changed: a changed member or element
// replaced by `after`'s text, a new member inserted beside its neighbour, a member `after`
// dropped removed, and elements added to or removed from an array spliced in between the
// unchanged ones at its ends. So an edit to one cell or one parameter changes one line.
#pragma once
#include <string>

namespace ts {

// False (and *out untouched) when a text does not scan (core/base/json_spans.h) or a key of
// the source is written with escapes, which the patch could not match with the writer's.
bool patchJson(const std::string& source, const std::string& before, const std::string& after,
               std::string* out);

}  // namespace ts
