// The hunt's report files (hunt_report.h; schema in docs/hunt.md "Report").
#include "hunt/hunt_report.h"

#include <algorithm>
#include <cctype>
#include <climits>
#include <cstring>
#include <fstream>
#include <sstream>

#include "base/json_document.h"
#include "base/json_number.h"
#include "base/json_text.h"

namespace ts {

std::string shellWord(const std::string& w) {
    const bool safe = !w.empty() && std::all_of(w.begin(), w.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) ||
               (c != 0 && std::strchr("-_./:,=+@%", c));
    });
    if (safe) return w;
    std::string q = "'";
    for (char c : w) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return q + "'";
}

namespace {

std::string joinPath(const std::string& dir, const std::string& name) {
    if (dir.empty() || dir == ".") return name;
    return dir.back() == '/' ? dir + name : dir + "/" + name;
}

std::string xmlEscape(const std::string& s) {
    std::string o;
    for (char c : s) {
        switch (c) {
            case '&':
                o += "&amp;";
                break;
            case '<':
                o += "&lt;";
                break;
            case '>':
                o += "&gt;";
                break;
            case '"':
                o += "&quot;";
                break;
            case '\'':
                o += "&apos;";
                break;
            default:
                // XML 1.0 has no other control characters than tab and the line ends.
                if (static_cast<unsigned char>(c) < 0x20 && c != '\t' && c != '\n' && c != '\r')
                    o += ' ';
                else
                    o += c;
        }
    }
    return o;
}

// A Markdown table cell: no '|' or line ends to break the row.
std::string cell(const std::string& s) {
    std::string o;
    for (char c : s) {
        if (c == '|')
            o += "\\|";
        else if (c == '\n')
            o += ' ';
        else
            o += c;
    }
    return o;
}

bool readFile(const std::string& path, std::string* out) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return false;
    std::ostringstream s;
    s << in.rdbuf();
    *out = s.str();
    return !in.bad();
}

// Field readers over the DOM (numbers kept as text: base/json_document.h).
struct Reader {
    std::string file;
    std::string* error;
    bool fail(const std::string& where, const std::string& problem) {
        *error = file + ": " + where + ": " + problem;
        return false;
    }
    bool text(const rapidjson::Value& o, const char* key, const std::string& where,
              std::string* out) {
        auto it = o.FindMember(key);
        if (it == o.MemberEnd() || !json::isText(it->value))
            return fail(where + key, "expected a string");
        *out = std::string(it->value.GetString(), it->value.GetStringLength());
        return true;
    }
    bool integer(const rapidjson::Value& o, const char* key, const std::string& where, int64_t lo,
                 int64_t hi, int64_t* out) {
        auto it = o.FindMember(key);
        jsonnum::Decimal d;
        if (it == o.MemberEnd() || !json::isNumber(it->value) ||
            !jsonnum::parse(json::numberText(it->value), &d) ||
            jsonnum::toInteger(d, lo, hi, out) != jsonnum::Problem::None)
            return fail(where + key, "expected a whole number");
        return true;
    }
};

SnagKind kindNamed(const std::string& name, bool* ok) {
    for (size_t i = 0; i < size_t(SnagKind::Count); ++i)
        if (name == snagKindName(SnagKind(i))) {
            *ok = true;
            return SnagKind(i);
        }
    *ok = false;
    return SnagKind::Count;
}

}  // namespace

std::string huntCaseLogName(size_t index) {
    return "case-" + std::to_string(index + 1) + ".tas";
}

std::string huntCaseMapName(size_t index) {
    return "case-" + std::to_string(index + 1) + ".map.json";
}

std::string snagDirName(uint8_t dir) {
    static const std::pair<uint8_t, const char*> names[] = {
        {DIR_LEFT, "left"}, {DIR_RIGHT, "right"}, {DIR_UP, "up"}, {DIR_DOWN, "down"}};
    std::string s;
    for (const auto& n : names)
        if (dir & n.first) s += (s.empty() ? "" : ",") + std::string(n.second);
    return s.empty() ? "none" : s;
}

std::string huntRepro(const HuntReport& r, size_t index) {
    const SnagFinding& f = r.findings[index];
    const bool varied = index < r.caseMaps.size() && !r.caseMaps[index].empty();
    const std::string map = varied ? joinPath(r.outDir, huntCaseMapName(index)) : r.map;
    std::string extra;
    for (const std::string& w : r.mapArgs) extra += " " + shellWord(w);
    return "tilestep " + shellWord(map) + extra + " --inputs " +
           shellWord(joinPath(r.outDir, huntCaseLogName(index))) + " --actor " +
           shellWord(f.actorName) + " --frame " + std::to_string(f.frame + 1);
}

std::string huntReportJson(const HuntReport& r) {
    std::string o = "{\n  \"tilestep_hunt\": " + std::to_string(kHuntReportVersion) + ",\n";
    o += "  \"map\": ";
    appendJsonString(o, r.map);
    o += ",\n  \"seed\": " + std::to_string(r.seed) + ",\n  \"flags\": [";
    for (size_t i = 0; i < r.flags.size(); ++i) {
        if (i) o += ", ";
        appendJsonString(o, r.flags[i]);
    }
    o += "],\n  \"map_args\": [";
    for (size_t i = 0; i < r.mapArgs.size(); ++i) {
        if (i) o += ", ";
        appendJsonString(o, r.mapArgs[i]);
    }
    o += "],\n  \"actors\": [";
    for (size_t i = 0; i < r.actors.size(); ++i) {
        if (i) o += ", ";
        appendJsonString(o, r.actors[i]);
    }
    o += "],\n  \"kinds\": [";
    bool first = true;
    for (size_t k = 0; k < size_t(SnagKind::Count); ++k)
        if (r.kinds & (1u << k)) {
            o += first ? "" : ", ";
            first = false;
            appendJsonString(o, snagKindName(SnagKind(k)));
        }
    o += "],\n  \"frames_explored\": " + std::to_string(r.framesExplored) +
         ",\n  \"cells\": " + std::to_string(r.cells) +
         ",\n  \"ignored\": " + std::to_string(r.ignored) + ",\n  \"findings\": [";
    for (size_t i = 0; i < r.findings.size(); ++i) {
        const SnagFinding& f = r.findings[i];
        o += i ? ",\n    {" : "\n    {";
        o += "\"kind\": ";
        appendJsonString(o, snagKindName(f.kind));
        o += ", \"actor\": ";
        appendJsonString(o, f.actorName);
        o += ", \"actor_index\": " + std::to_string(f.actor) +
             ", \"frame\": " + std::to_string(f.frame) + ", \"x\": " + std::to_string(f.x) +
             ", \"y\": " + std::to_string(f.y) + ", \"dir\": " + std::to_string(int(f.dir)) +
             ", \"direction\": \"" + snagDirName(f.dir) + "\",\n     \"feature\": {\"kind\": ";
        appendJsonString(o, f.feature.kind);
        o += ", \"cx\": " + std::to_string(f.feature.cx) +
             ", \"cy\": " + std::to_string(f.feature.cy) + ", \"text\": ";
        appendJsonString(o, f.feature.text);
        o += "},\n     \"detail\": ";
        appendJsonString(o, f.detail);
        o += ",\n     \"key\": ";
        appendJsonString(o, f.key());
        o += ",\n     \"inputs\": ";
        appendJsonString(o, huntCaseLogName(i));
        o += ", \"input_frames\": " + std::to_string(f.inputs.frames());
        if (i < r.caseMaps.size() && !r.caseMaps[i].empty()) {
            o += ", \"map_file\": ";
            appendJsonString(o, huntCaseMapName(i));
        }
        if (f.variedSpawn)
            o += ", \"spawn\": {\"x\": " + std::to_string(f.spawnX) +
                 ", \"y\": " + std::to_string(f.spawnY) + "}";
        if (f.variedParams) {
            // Raw 48.16 values: exact, read back as they were.
            o += ", \"params_raw\": [";
            for (size_t p = 0; p < f.params.size(); ++p)
                o += (p ? ", " : "") + std::to_string(f.params[p].raw);
            o += "]";
        }
        o += ",\n     \"repro\": ";
        appendJsonString(o, huntRepro(r, i));
        o += "}";
    }
    o += r.findings.empty() ? "]\n}\n" : "\n  ]\n}\n";
    return o;
}

std::string huntReportMarkdown(const HuntReport& r) {
    std::ostringstream o;
    o << "# Snag hunt: " << r.map << "\n\n";
    o << "Seed " << r.seed << ", " << r.framesExplored << " frames explored, " << r.cells
      << " archive cells. Command line flags:";
    for (const std::string& f : r.flags) o << " `" << f << "`";
    o << "\n\n";
    if (r.findings.empty())
        o << "**Nothing found.**";
    else
        o << "**" << r.findings.size() << (r.findings.size() == 1 ? " finding" : " findings")
          << ".**";
    if (r.ignored)
        o << " " << r.ignored << " more left out by the ignore list (" << r.map << ".snagignore).";
    o << "\n";
    if (r.findings.empty()) return o.str();
    o << "\n| # | kind | actor | frame | at | map feature | what happened |\n"
         "|---|------|-------|-------|----|-------------|---------------|\n";
    for (size_t i = 0; i < r.findings.size(); ++i) {
        const SnagFinding& f = r.findings[i];
        o << "| " << i + 1 << " | " << snagKindName(f.kind) << " | " << cell(f.actorName) << " | "
          << f.frame << " | (" << f.x << "," << f.y << ") | " << cell(f.feature.text) << " | "
          << cell(f.detail) << " |\n";
    }
    o << "\n## Reproduce\n\nEach case opens in the debugger at its bad frame (the log is shrunk: "
         "its keys are the fewest found that still trip the detector):\n\n";
    for (size_t i = 0; i < r.findings.size(); ++i) {
        o << (i + 1) << ". " << snagKindName(r.findings[i].kind) << " at "
          << r.findings[i].feature.text << ":\n\n    " << huntRepro(r, i) << "\n\n";
        o << "   To leave it out of later hunts, add this line to " << r.map
          << ".snagignore:\n\n    " << r.findings[i].key() << "\n\n";
    }
    return o.str();
}

std::string huntJunitXml(const HuntReport& r) {
    size_t tests = 0;
    for (size_t k = 0; k < size_t(SnagKind::Count); ++k)
        if (r.kinds & (1u << k)) tests += r.actors.size();
    std::ostringstream o;
    o << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
    o << "<testsuites name=\"tilestep hunt\" tests=\"" << tests << "\" failures=\""
      << r.findings.size() << "\">\n";
    o << "  <testsuite name=\"" << xmlEscape(r.map) << "\" tests=\"" << tests << "\" failures=\""
      << r.findings.size() << "\" errors=\"0\">\n";
    for (const std::string& actor : r.actors)
        for (size_t k = 0; k < size_t(SnagKind::Count); ++k) {
            if (!(r.kinds & (1u << k))) continue;
            o << "    <testcase classname=\"" << xmlEscape(r.map + "." + actor) << "\" name=\""
              << snagKindName(SnagKind(k)) << "\"";
            std::string failures;
            for (size_t i = 0; i < r.findings.size(); ++i) {
                const SnagFinding& f = r.findings[i];
                if (f.actorName != actor || size_t(f.kind) != k) continue;
                failures += "      <failure message=\"" +
                            xmlEscape(std::string(snagKindName(f.kind)) + " at " + f.feature.text +
                                      ", frame " + std::to_string(f.frame)) +
                            "\" type=\"" + snagKindName(f.kind) + "\">" +
                            xmlEscape(f.detail + "\nreproduce: " + huntRepro(r, i) +
                                      "\nignore key: " + f.key()) +
                            "</failure>\n";
            }
            if (failures.empty())
                o << "/>\n";
            else
                o << ">\n" << failures << "    </testcase>\n";
        }
    o << "  </testsuite>\n</testsuites>\n";
    return o.str();
}

bool readHuntReport(const std::string& dir, HuntReport* out, std::string* error) {
    const std::string path = joinPath(dir, "report.json");
    std::string text;
    if (!readFile(path, &text)) {
        *error = path + ": cannot read (is " + dir + " a hunt's --out folder?)";
        return false;
    }
    rapidjson::Document doc;
    json::ParseFailure pf;
    if (!json::parse(text, doc, &pf)) {
        *error = path + ": " + (pf.field.empty() ? "" : pf.field + ": ") + pf.problem;
        return false;
    }
    Reader rd{path, error};
    if (!doc.IsObject()) return rd.fail("top level", "expected an object");
    HuntReport r;
    int64_t version = 0, n = 0;
    if (!rd.integer(doc, "tilestep_hunt", "", 1, kHuntReportVersion, &version)) return false;
    if (!rd.text(doc, "map", "", &r.map)) return false;
    if (!rd.integer(doc, "seed", "", 0, INT64_MAX, &n)) return false;
    r.seed = uint64_t(n);
    if (!rd.integer(doc, "frames_explored", "", 0, INT64_MAX, &r.framesExplored)) return false;
    if (!rd.integer(doc, "cells", "", 0, INT64_MAX, &n)) return false;
    r.cells = size_t(n);
    if (!rd.integer(doc, "ignored", "", 0, INT64_MAX, &n)) return false;
    r.ignored = size_t(n);
    const auto strings = [&](const char* key, std::vector<std::string>* list) {
        auto it = doc.FindMember(key);
        if (it == doc.MemberEnd() || !it->value.IsArray())
            return rd.fail(key, "expected a list of strings");
        for (const auto& v : it->value.GetArray()) {
            if (!json::isText(v)) return rd.fail(key, "expected a list of strings");
            list->emplace_back(v.GetString(), v.GetStringLength());
        }
        return true;
    };
    std::vector<std::string> kinds;
    if (!strings("flags", &r.flags) || !strings("map_args", &r.mapArgs) ||
        !strings("actors", &r.actors) || !strings("kinds", &kinds))
        return false;
    r.kinds = 0;
    for (const std::string& k : kinds) {
        bool ok = false;
        const SnagKind kind = kindNamed(k, &ok);
        if (!ok) return rd.fail("kinds", "unknown kind \"" + k + "\"");
        r.kinds |= snagBit(kind);
    }
    auto list = doc.FindMember("findings");
    if (list == doc.MemberEnd() || !list->value.IsArray())
        return rd.fail("findings", "expected a list");
    size_t i = 0;
    for (const auto& v : list->value.GetArray()) {
        const std::string where = "findings[" + std::to_string(i++) + "].";
        if (!v.IsObject()) return rd.fail(where, "expected an object");
        SnagFinding f;
        std::string kind, logName, mapName;
        bool ok = false;
        if (!rd.text(v, "kind", where, &kind)) return false;
        f.kind = kindNamed(kind, &ok);
        if (!ok) return rd.fail(where + "kind", "unknown kind \"" + kind + "\"");
        if (!rd.text(v, "actor", where, &f.actorName) ||
            !rd.integer(v, "actor_index", where, 0, INT32_MAX, &n))
            return false;
        f.actor = size_t(n);
        if (!rd.integer(v, "frame", where, 0, INT64_MAX, &f.frame) ||
            !rd.integer(v, "x", where, INT64_MIN, INT64_MAX, &f.x) ||
            !rd.integer(v, "y", where, INT64_MIN, INT64_MAX, &f.y) ||
            !rd.integer(v, "dir", where, 0, 15, &n))
            return false;
        f.dir = uint8_t(n);
        auto feat = v.FindMember("feature");
        if (feat == v.MemberEnd() || !feat->value.IsObject())
            return rd.fail(where + "feature", "expected an object");
        const std::string fw = where + "feature.";
        if (!rd.text(feat->value, "kind", fw, &f.feature.kind) ||
            !rd.integer(feat->value, "cx", fw, INT64_MIN, INT64_MAX, &f.feature.cx) ||
            !rd.integer(feat->value, "cy", fw, INT64_MIN, INT64_MAX, &f.feature.cy) ||
            !rd.text(feat->value, "text", fw, &f.feature.text))
            return false;
        if (!rd.text(v, "detail", where, &f.detail) || !rd.text(v, "inputs", where, &logName))
            return false;
        // Only a plain name in the folder: a report cannot make merge read elsewhere.
        if (logName.empty() || logName.find('/') != std::string::npos ||
            logName.find('\\') != std::string::npos || logName[0] == '.')
            return rd.fail(where + "inputs", "expected a file name in " + dir);
        if (!loadInputLog(joinPath(dir, logName), &f.inputs, error)) return false;
        auto spawn = v.FindMember("spawn");
        if (spawn != v.MemberEnd()) {
            if (!spawn->value.IsObject()) return rd.fail(where + "spawn", "expected an object");
            f.variedSpawn = true;
            if (!rd.integer(spawn->value, "x", where + "spawn.", INT64_MIN, INT64_MAX, &f.spawnX) ||
                !rd.integer(spawn->value, "y", where + "spawn.", INT64_MIN, INT64_MAX, &f.spawnY))
                return false;
        }
        auto params = v.FindMember("params_raw");
        if (params != v.MemberEnd()) {
            if (!params->value.IsArray() || params->value.Size() != f.params.size())
                return rd.fail(where + "params_raw",
                               "expected " + std::to_string(f.params.size()) + " numbers");
            f.variedParams = true;
            size_t p = 0;
            for (const auto& pv : params->value.GetArray()) {
                jsonnum::Decimal d;
                int64_t raw = 0;
                if (!json::isNumber(pv) || !jsonnum::parse(json::numberText(pv), &d) ||
                    jsonnum::toInteger(d, INT64_MIN, INT64_MAX, &raw) != jsonnum::Problem::None)
                    return rd.fail(where + "params_raw", "expected whole numbers");
                f.params[p++] = Fix::fromRaw(raw);
            }
        }
        std::string caseMap;
        if (v.HasMember("map_file")) {
            if (!rd.text(v, "map_file", where, &mapName)) return false;
            if (mapName.empty() || mapName.find('/') != std::string::npos || mapName[0] == '.')
                return rd.fail(where + "map_file", "expected a file name in " + dir);
            if (!readFile(joinPath(dir, mapName), &caseMap)) {
                *error = joinPath(dir, mapName) + ": cannot read";
                return false;
            }
        }
        r.findings.push_back(std::move(f));
        r.caseMaps.push_back(std::move(caseMap));
    }
    r.outDir = dir;
    *out = std::move(r);
    return true;
}

bool findingBefore(const SnagFinding& a, const SnagFinding& b) {
    if (a.kind != b.kind) return a.kind < b.kind;
    if (a.actor != b.actor) return a.actor < b.actor;
    if (a.frame != b.frame) return a.frame < b.frame;
    return a.key() < b.key();
}

void sortFindings(std::vector<SnagFinding>* findings) {
    std::stable_sort(findings->begin(), findings->end(), findingBefore);
}

bool mergeHuntReports(const std::vector<HuntReport>& parts, HuntReport* out, std::string* error) {
    HuntReport m;
    if (parts.empty()) {
        *out = m;
        return true;
    }
    m.map = parts[0].map;
    m.seed = parts[0].seed;
    m.flags = parts[0].flags;
    m.mapArgs = parts[0].mapArgs;
    m.actors = parts[0].actors;
    m.kinds = 0;
    struct Item {
        SnagFinding f;
        std::string caseMap;
    };
    std::vector<Item> items;
    std::vector<std::string> keys;
    for (const HuntReport& p : parts) {
        if (p.map != m.map) {
            *error = p.outDir + "/report.json: a hunt of " + p.map + ", not of " + m.map +
                     ": only shards of one map merge";
            return false;
        }
        m.framesExplored += p.framesExplored;
        m.cells += p.cells;
        m.ignored = std::max(m.ignored, p.ignored);
        m.kinds |= p.kinds;
        for (const std::string& a : p.actors)
            if (std::find(m.actors.begin(), m.actors.end(), a) == m.actors.end())
                m.actors.push_back(a);
        for (size_t i = 0; i < p.findings.size(); ++i) {
            const std::string k = p.findings[i].key();
            if (std::find(keys.begin(), keys.end(), k) != keys.end()) continue;
            keys.push_back(k);
            items.push_back({p.findings[i], i < p.caseMaps.size() ? p.caseMaps[i] : ""});
        }
    }
    std::stable_sort(items.begin(), items.end(),
                     [](const Item& a, const Item& b) { return findingBefore(a.f, b.f); });
    for (Item& it : items) {
        m.findings.push_back(std::move(it.f));
        m.caseMaps.push_back(std::move(it.caseMap));
    }
    *out = std::move(m);
    return true;
}

}  // namespace ts
