// Shrinking a finding's input log (detail/actor_run.h shrinkFinding), as ddmin and Hypothesis
// shrink: only edits that keep the case valid are kept, "valid" meaning the replay still trips
// the same detector at the same map feature in the same direction (SnagFinding::key). Steps:
// cut the log after the detection frame; ddmin over its lines; shorten each line (halving,
// then one frame at a time); give a line its neighbour's keys; drop each key of each line; merge
// equal neighbours; repeat while anything changed. Then two replays must both trip the key.
#include <algorithm>

#include "hunt/detail/actor_run.h"

namespace ts::hunt {

namespace {

InputLog merged(const std::vector<InputRun>& runs) {
    InputLog log;
    for (const InputRun& r : runs) {
        if (r.count <= 0) continue;
        if (!log.runs.empty() && log.runs.back().keys == r.keys)
            log.runs.back().count += r.count;
        else
            log.runs.push_back(r);
    }
    return log;
}

// The first finding of the replay with `key`, null when none.
bool trips(const ActorRun& run, const InputLog& log, SnagKind kind, const std::string& key,
           SnagFinding* found = nullptr) {
    for (SnagFinding& f : replayRun(run, log, snagBit(kind)))
        if (f.key() == key) {
            if (found) *found = std::move(f);
            return true;
        }
    return false;
}

// Cuts the log after the first frame that trips the key.
InputLog cutAtDetection(const ActorRun& run, const InputLog& log, SnagKind kind,
                        const std::string& key) {
    SnagFinding f;
    if (!trips(run, log, kind, key, &f)) return log;
    InputLog cut;
    int64_t left = f.frame + 1;
    for (const InputRun& r : log.runs) {
        if (left <= 0) break;
        cut.runs.push_back(InputRun{std::min(r.count, left), r.keys});
        left -= r.count;
    }
    return cut;
}

}  // namespace

bool shrinkFinding(const ActorRun& run, SnagFinding* f) {
    const std::string key = f->key();
    const SnagKind kind = f->kind;
    auto ok = [&](const std::vector<InputRun>& runs) {
        return trips(run, merged(runs), kind, key);
    };
    InputLog log = cutAtDetection(run, f->inputs, kind, key);
    if (!ok(log.runs)) return false;
    std::vector<InputRun> runs = log.runs;
    for (int round = 0; round < 4; ++round) {
        const std::vector<InputRun> before = runs;
        // ddmin over the lines: remove chunks, finer and finer.
        for (size_t n = 2; runs.size() >= 2;) {
            const size_t chunk = (runs.size() + n - 1) / n;
            bool removed = false;
            for (size_t start = 0; start < runs.size(); start += chunk) {
                std::vector<InputRun> rest(runs.begin(), runs.begin() + long(start));
                rest.insert(rest.end(), runs.begin() + long(std::min(start + chunk, runs.size())),
                            runs.end());
                if (!rest.empty() && ok(rest)) {
                    runs = rest;
                    n = std::max<size_t>(n - 1, 2);
                    removed = true;
                    break;
                }
            }
            if (removed) continue;
            if (chunk <= 1) break;
            n = std::min(n * 2, runs.size());
        }
        // Shorter lines: halve while it holds, then one frame at a time (a few tries).
        for (InputRun& r : runs) {
            while (r.count > 1) {
                const int64_t was = r.count;
                r.count = was / 2;
                if (ok(runs)) continue;
                r.count = was;
                break;
            }
            for (int tries = 0; tries < 8 && r.count > 1; ++tries) {
                --r.count;
                if (!ok(runs)) {
                    ++r.count;
                    break;
                }
            }
        }
        // Fewer lines: a line takes its neighbour's keys (the two merge).
        for (size_t i = 0; i < runs.size(); ++i)
            for (size_t j : {i - 1, i + 1}) {
                if (j >= runs.size() || runs[i].keys == runs[j].keys) continue;
                const InputBits was = runs[i].keys;
                runs[i].keys = runs[j].keys;
                if (ok(runs)) break;
                runs[i].keys = was;
            }
        runs = merged(runs).runs;
        // Fewer keys, where that does not split a merged line again.
        const size_t lines = runs.size();
        for (InputRun& r : runs)
            for (InputBits bit : {KEY_L, KEY_R, KEY_U, KEY_D, KEY_J})
                if (r.keys & bit) {
                    r.keys = InputBits(r.keys & ~bit);
                    if (merged(runs).runs.size() > lines || !ok(runs)) r.keys |= bit;
                }
        runs = merged(runs).runs;
        if (runs == before) break;
    }
    const InputLog shrunk = merged(runs);
    SnagFinding a, b;
    if (!trips(run, shrunk, kind, key, &a) || !trips(run, shrunk, kind, key, &b)) return false;
    if (a.frame != b.frame || a.x != b.x || a.y != b.y) return false;
    a.inputs = cutAtDetection(run, shrunk, kind, key);
    a.variedSpawn = f->variedSpawn;
    a.spawnX = f->spawnX;
    a.spawnY = f->spawnY;
    a.variedParams = f->variedParams;
    a.params = f->params;
    *f = std::move(a);
    return true;
}

}  // namespace ts::hunt
