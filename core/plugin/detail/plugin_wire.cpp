#include "plugin/detail/plugin_wire.h"

#include "plugin/detail/host_process.h"

namespace ts::wire {

bool sendAll(plat::Pipe p, const void* data, size_t n) {
    return plat::writeAll(p, data, n);
}

bool sendMessage(plat::Pipe p, uint8_t type, const std::string& payload) {
    char head[5];
    const uint32_t length = uint32_t(payload.size() + 1);
    std::memcpy(head, &length, 4);
    head[4] = char(type);
    return plat::writeTwo(p, head, sizeof head, payload.data(), payload.size());
}

namespace {

// The rest of what was started: tilestep's messages come whole, at once.
bool readAll(plat::Pipe p, char* out, size_t n) {
    while (n > 0) {
        const int64_t k = plat::readSome(p, out, n, -1);
        if (k <= 0) return false;
        out += k;
        n -= size_t(k);
    }
    return true;
}

}  // namespace

ReadStatus readMessage(plat::Pipe p, int64_t timeoutMs, uint8_t* type, std::string* payload) {
    char head[5];
    const int64_t first = plat::readSome(p, head, sizeof head, timeoutMs);
    if (first < 0) return ReadStatus::Timeout;
    if (first == 0 || !readAll(p, head + first, sizeof head - size_t(first)))
        return ReadStatus::Closed;
    uint32_t length = 0;
    std::memcpy(&length, head, 4);
    if (length < 1 || length > kMaxMessage) return ReadStatus::Closed;
    *type = uint8_t(head[4]);
    payload->resize(length - 1);
    if (!readAll(p, &(*payload)[0], length - 1)) return ReadStatus::Closed;
    return ReadStatus::Ok;
}

void putWorld(Writer& w, const Map& m) {
    w.u32(uint32_t(m.tileSize));
    w.u32(uint32_t(m.width));
    w.u32(uint32_t(m.height));
    w.raw(m.tiles.data(), m.tiles.size() * sizeof(uint16_t));
    w.u32(uint32_t(m.tileset.kinds.size()));
    for (const TileKind& k : m.tileset.kinds) {
        w.u8(uint8_t(k.shape));
        w.u8(k.passMask);
    }
    w.raw(m.walls.horiz.data(), m.walls.horiz.size());
    w.raw(m.walls.vert.data(), m.walls.vert.size());
    w.u32(uint32_t(m.brushes.size()));
    for (const Brush& b : m.brushes) w.raw(&b.rect, sizeof b.rect);
}

bool getWorld(Reader& r, Map* m) {
    m->tileSize = int32_t(r.u32());
    m->width = int32_t(r.u32());
    m->height = int32_t(r.u32());
    if (!r.ok() || m->width < 0 || m->height < 0 || m->width > kMaxMapTiles ||
        m->height > kMaxMapTiles)
        return false;
    m->tiles.resize(size_t(m->width) * size_t(m->height));
    r.raw(m->tiles.data(), m->tiles.size() * sizeof(uint16_t));
    const uint32_t kinds = r.u32();
    if (!r.ok() || kinds > 65536) return false;
    m->tileset.kinds.assign(kinds, TileKind{});
    for (TileKind& k : m->tileset.kinds) {
        k.shape = Shape(r.u8());
        k.passMask = r.u8();
    }
    m->walls.resize(m->width, m->height);
    r.raw(m->walls.horiz.data(), m->walls.horiz.size());
    r.raw(m->walls.vert.data(), m->walls.vert.size());
    const uint32_t brushes = r.u32();
    if (!r.ok()) return false;
    m->brushes.resize(brushes);
    for (Brush& b : m->brushes) r.raw(&b.rect, sizeof b.rect);
    return r.ok();
}

void putStep(Writer& w, const StepRequest& s) {
    w.raw(&s, sizeof s);
}

bool getStep(Reader& r, StepRequest* s) {
    r.raw(s, sizeof *s);
    return r.ok() && s->frames >= 1 && s->frames <= kMaxFrames;
}

void putBatchHead(Writer& w, uint64_t world, const ts_fix* params, uint32_t runs) {
    w.i64(int64_t(world));
    w.raw(params, sizeof(ts_fix) * TS_MOVER_MAX_PARAMS);
    w.u32(runs);
}

void putBatchRun(Writer& w, const ts_mover_state& state, const uint8_t* keys, uint32_t frames) {
    w.raw(&state, sizeof state);
    w.u32(frames);
    w.raw(keys, frames);
}

bool getBatchHead(Reader& r, uint64_t* world, ts_fix* params, uint32_t* runs) {
    *world = uint64_t(r.i64());
    r.raw(params, sizeof(ts_fix) * TS_MOVER_MAX_PARAMS);
    *runs = r.u32();
    return r.ok() && *runs <= kMaxBatchRuns;
}

bool getBatchRun(Reader& r, ts_mover_state* state, uint8_t* keys, uint32_t* frames) {
    r.raw(state, sizeof *state);
    *frames = r.u32();
    if (!r.ok() || *frames < 1 || *frames > kMaxFrames) return false;
    r.raw(keys, *frames);
    return r.ok();
}

bool getReply(Reader& r, std::vector<Result>* out, uint8_t* flags) {
    const uint32_t n = r.u32();
    if (!r.ok() || n > (1u << 20)) return false;
    out->clear();
    out->reserve(n);
    for (uint32_t i = 0; i < n; ++i) {
        Result& res = out->emplace_back();
        r.raw(&res.state, sizeof res.state);
        const uint32_t probes = r.u32();
        if (!r.ok() || probes > (1u << 24)) return false;
        if (probes) res.probes.resize(probes);
        for (Probe& p : res.probes) {
            p.shape = int32_t(r.u32());
            p.verdict = int32_t(r.u32());
            p.why = r.str();
            p.x0 = r.i64();
            p.y0 = r.i64();
            p.x1 = r.i64();
            p.y1 = r.i64();
        }
    }
    *flags = r.u8();
    return r.ok();
}

void putDescriptor(Writer& w, const ts_mover_plugin* d) {
    w.u8(d != nullptr);
    if (!d) return;
    w.u32(d->abi_version);
    w.u32(d->struct_size);
    if (d->abi_version != TS_MOVER_ABI_VERSION || !knownDescriptorSize(d->struct_size)) return;
    w.str(d->name);
    w.str(d->title);
    w.u32(uint32_t(d->round));
    w.u32(uint32_t(d->param_count));
    const bool params = d->params && d->param_count > 0 && d->param_count <= TS_MOVER_MAX_PARAMS;
    w.u8(params);
    for (int i = 0; params && i < d->param_count; ++i) {
        const ts_param_spec& s = d->params[i];
        w.str(s.name);
        w.str(s.unit);
        w.i64(s.def);
        w.i64(s.min);
        w.i64(s.max);
        w.u32(uint32_t(s.integer));
        w.str(s.help);
    }
    w.u32(uint32_t(d->field_count));
    const bool fields = d->fields && d->field_count > 0 && d->field_count <= 64;
    w.u8(fields);
    for (int i = 0; fields && i < d->field_count; ++i) {
        w.str(d->fields[i].name);
        w.u32(uint32_t(d->fields[i].slot));
        w.u32(uint32_t(d->fields[i].type));
    }
    w.u8(d->init != nullptr);
    w.u8(d->step != nullptr);
    if (!hasProbeKinds(*d)) return;  // an older plugin's descriptor ends before them
    w.u32(uint32_t(d->probe_kind_count));
    const bool kinds = d->probe_kinds && d->probe_kind_count > 0 &&
                       d->probe_kind_count <= TS_MOVER_MAX_PROBE_KINDS;
    w.u8(kinds);
    for (int i = 0; kinds && i < d->probe_kind_count; ++i) {
        w.str(d->probe_kinds[i].why);
        w.u32(d->probe_kinds[i].verdicts);
    }
}

namespace {
void placeholderInit(ts_mover_state*, const ts_fix*) {}
void placeholderStep(const ts_mover_state*, ts_mover_state*, uint32_t, const ts_fix*,
                     const ts_world*, const ts_draw*) {}
}  // namespace

bool getDescriptor(Reader& r, Descriptor* out) {
    ts_mover_plugin& d = out->d;
    if (!r.u8()) return r.ok();  // the entry point returned NULL: out->d stays zero
    d.abi_version = r.u32();
    d.struct_size = r.u32();
    if (!r.ok()) return false;
    if (d.abi_version != TS_MOVER_ABI_VERSION || !knownDescriptorSize(d.struct_size)) return true;
    out->strings.reserve(2 + 3 * TS_MOVER_MAX_PARAMS + 64 + TS_MOVER_MAX_PROBE_KINDS);
    auto keep = [&](std::string s) {
        out->strings.push_back(std::move(s));
        return out->strings.back().c_str();
    };
    d.name = keep(r.str());
    d.title = keep(r.str());
    d.round = int32_t(r.u32());
    d.param_count = int32_t(r.u32());
    if (r.u8()) {
        out->params.resize(size_t(d.param_count));
        for (ts_param_spec& s : out->params) {
            s.name = keep(r.str());
            s.unit = keep(r.str());
            s.def = r.i64();
            s.min = r.i64();
            s.max = r.i64();
            s.integer = int32_t(r.u32());
            s.help = keep(r.str());
        }
        d.params = out->params.data();
    }
    d.field_count = int32_t(r.u32());
    if (r.u8()) {
        out->fields.resize(size_t(d.field_count));
        for (ts_state_field& f : out->fields) {
            f.name = keep(r.str());
            f.slot = int32_t(r.u32());
            f.type = int32_t(r.u32());
        }
        d.fields = out->fields.data();
    }
    d.init = r.u8() ? placeholderInit : nullptr;
    d.step = r.u8() ? placeholderStep : nullptr;
    if (!hasProbeKinds(d)) return r.ok();
    d.probe_kind_count = int32_t(r.u32());
    if (r.u8()) {
        if (d.probe_kind_count < 1 || d.probe_kind_count > TS_MOVER_MAX_PROBE_KINDS) return false;
        out->probeKinds.resize(size_t(d.probe_kind_count));
        for (ts_probe_kind& k : out->probeKinds) {
            k.why = keep(r.str());
            k.verdicts = r.u32();
        }
        d.probe_kinds = out->probeKinds.data();
    }
    return r.ok();
}

}  // namespace ts::wire
