// What `tilestep hunt` leaves in its --out folder (docs/hunt.md "Report"): report.json (the
// schema below), report.md for people, case-N.tas per finding (an input log: sim/input_log.h),
// and a JUnit file for CI. Shard reports read back and merge (`hunt --merge DIR...`).
//
// Files are made here as bytes; the caller writes them (writeFileAtomically) and adds
// case-N.map.json for varied findings (a map file is the io layer's, above this one).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "hunt/hunt.h"

namespace ts {

// The report's schema version ("tilestep_hunt": 1).
constexpr int64_t kHuntReportVersion = 1;

struct HuntReport {
    std::string map;  // the map's path as given on the command line
    uint64_t seed = 1;
    std::vector<std::string> flags;  // the hunt's command line after MAP, word by word
    // Words the map needs to open, carried into every repro line: "--plugin" "P.so" per plugin,
    // "--level" "NAME" for an LDtk project.
    std::vector<std::string> mapArgs;
    std::string outDir;  // the folder the repro lines name ("hunt-out")
    int64_t framesExplored = 0;
    size_t cells = 0;
    size_t ignored = 0;                 // findings left out by the ignore list
    std::vector<std::string> actors;    // the actors hunted, in map order
    uint32_t kinds = kAllSnagKinds;     // the kinds looked for
    std::vector<SnagFinding> findings;  // in report order; finding i is case-(i+1)
    // The bytes of case-(i+1).map.json for a finding whose spawn or parameters were varied
    // ("" for the others; may be shorter than findings when none was varied).
    std::vector<std::string> caseMaps;
};

// "case-3.tas", "case-3.map.json" for finding index 2.
std::string huntCaseLogName(size_t index);
std::string huntCaseMapName(size_t index);
// A word as a POSIX shell reads it back: bare when safe, else in single quotes.
std::string shellWord(const std::string& word);
// "right", "left,down", "none".
std::string snagDirName(uint8_t dir);

// The shell command that opens finding `index` in the debugger at its bad frame: the map (or
// the case's varied map) and its mapArgs, its log, the actor, and --frame F+1 (the debugger's
// position F+1 is the state after trace frame F, with its probes).
std::string huntRepro(const HuntReport& r, size_t index);

std::string huntReportJson(const HuntReport& r);
std::string huntReportMarkdown(const HuntReport& r);
// JUnit XML: one <testcase> per actor per kind looked for, with one <failure> per finding.
std::string huntJunitXml(const HuntReport& r);

// Reads DIR/report.json and its case logs back (for --merge). False with *error naming the
// file and the problem.
bool readHuntReport(const std::string& dir, HuntReport* out, std::string* error);

// Findings of several reports in one: de-duplicated by SnagFinding::key() (the first report
// to have a key keeps it), sorted by kind, actor, frame, key; frames and cells summed.
// False with *error when the reports are of different maps.
bool mergeHuntReports(const std::vector<HuntReport>& parts, HuntReport* out, std::string* error);

// Report order: kind, actor, frame, key.
bool findingBefore(const SnagFinding& a, const SnagFinding& b);
void sortFindings(std::vector<SnagFinding>* findings);

}  // namespace ts
