// One flag parser for every command line (issue 12): each headless command's usage text
// names exactly the flags its table declares, the editor's usage text is made from its
// table, and the dispatcher sends a first argument to the editor by that same table.
#include <gtest/gtest.h>

#include <map>
#include <regex>
#include <set>
#include <string>

#include "../../app/cli/args.h"
#include "../../app/cli/cli.h"
#include "../../app/cli/commands.h"
#include "../../app/cli/editor_flags.h"
#include "test_support.h"

namespace ts {
namespace {

using test::runTilestep;

// Every "--word" in a text, as a set.
std::set<std::string> flagsNamedIn(const std::string& text) {
    std::set<std::string> names;
    const std::regex flag("--[a-z][a-z-]*");
    for (auto it = std::sregex_iterator(text.begin(), text.end(), flag);
         it != std::sregex_iterator(); ++it)
        names.insert(it->str());
    return names;
}

std::set<std::string> namesOf(const std::vector<cli::FlagSpec>& flags) {
    std::set<std::string> names;
    for (const cli::FlagSpec& f : flags) names.insert(f.name);
    return names;
}

TEST(CliFlags, EachCommandsUsageNamesExactlyTheFlagsItsTableDeclares) {
    // Flags a usage text may mention that belong to another command line (the debugger's
    // --trace, where view, diff and check say where their traces come from; check's findings
    // open with view's --frame).
    const std::map<std::string, std::set<std::string>> mentions = {
        {"view", {"--trace"}}, {"diff", {"--trace"}}, {"check", {"--trace", "--frame"}}};
    for (const cli::Command& c : cli::commands()) {
        SCOPED_TRACE(c.name);
        ASSERT_NE(c.flags, nullptr);
        std::set<std::string> inUsage = flagsNamedIn(c.usage);
        inUsage.erase("--help");
        std::set<std::string> declared = namesOf(*c.flags);
        for (const std::string& f : declared)
            EXPECT_TRUE(inUsage.count(f)) << f << " is declared but not in the usage text";
        auto extra = mentions.find(c.name);
        for (const std::string& f : inUsage)
            if (!declared.count(f) && (extra == mentions.end() || !extra->second.count(f)))
                ADD_FAILURE() << f << " is in the usage text but not declared";
    }
}

TEST(CliFlags, FlagHelpIsOneColumnWithContinuedLinesIndented) {
    const std::vector<cli::FlagSpec> flags = {
        {"--frames", true, "N", "frames before the screenshot"},
        {"--verbose", false, nullptr, "first line\nsecond line"},
        {"--a-very-long-flag-name", true, "VALUE", "help"}};
    EXPECT_EQ(cli::formatFlagHelp(flags),
              "  --frames N        frames before the screenshot\n"
              "  --verbose         first line\n"
              "                    second line\n"
              "  --a-very-long-flag-name VALUE help\n");
}

TEST(CliFlags, TheEditorsUsageAndDispatchComeFromItsTable) {
    const std::string usage = cli::editorUsage();
    ASSERT_FALSE(cli::editorFlags().empty());
    for (const cli::FlagSpec& f : cli::editorFlags()) {
        EXPECT_NE(usage.find(std::string("  ") + f.name + " "), std::string::npos) << f.name;
        EXPECT_NE(f.help, nullptr) << f.name;
        EXPECT_TRUE(cli::isEditorFlag(f.name)) << f.name;
        EXPECT_TRUE(cli::isEditorFlag(std::string(f.name) + "=x")) << f.name;
        EXPECT_FALSE(isCliCommand(f.name)) << f.name;
    }
    EXPECT_EQ(cli::editorFlags().size(),
              cli::editorWindowFlags().size() + cli::debuggerFlags().size());
    EXPECT_FALSE(cli::isEditorFlag("--bogus"));
    EXPECT_FALSE(cli::isEditorFlag("--json"));  // info's, not the editor's
}

TEST(CliFlags, TheEditorTakesTheStepLimitThatRunTakes) {
    // Checked before any window opens, with run's range and message.
    const auto r = runTilestep("m.json --screenshot out.png --step-limit 0");
    EXPECT_EQ(r.exitCode, 2) << r.err;
    EXPECT_EQ(r.err.rfind("tilestep: --step-limit: '0' is outside 1..3600000\n", 0), 0u) << r.err;
    const auto run = runTilestep("run m.json --frames 1 --step-limit 0");
    EXPECT_EQ(run.err.find("--step-limit: '0' is outside 1..3600000"),
              std::string("tilestep run: ").size())
        << run.err;
}

TEST(CliFlags, TheEditorPrintsItsUsageTextAndParsesWithTheSharedParser) {
    // Both before any window opens: no display needed.
    auto r = runTilestep("m.json --help");
    EXPECT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(r.out, cli::editorUsage());

    // The shared parser's forms and messages: --flag=VALUE, a missing value, a repeated flag.
    r = runTilestep("m.json --screenshot out.png --frames=zero");
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_EQ(
        r.err.rfind("tilestep: --frames: expected a whole number from 1 to 1000, got 'zero'\n", 0),
        0u)
        << r.err;
    r = runTilestep("m.json --screenshot");
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_EQ(r.err.rfind("tilestep: option --screenshot needs a value\n", 0), 0u) << r.err;
    r = runTilestep("m.json --frame 3 --frame 4");
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_EQ(r.err.rfind("tilestep: option --frame given twice\n", 0), 0u) << r.err;
    r = runTilestep("a.json b.json");
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_EQ(r.err.rfind("tilestep: more than one map given ('a.json', 'b.json')\n", 0), 0u)
        << r.err;
    EXPECT_NE(r.err.find("debugger:\n"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace ts
