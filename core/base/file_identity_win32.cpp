// sameFile on Windows: an existing file is its volume serial number and file index (what
// dev and inode are on Linux; hard links share them), opened with the file's own links
// followed; a file about to be created is its folder's identity plus its name, compared without
// case as NTFS does; a path whose folder is missing is its normalised absolute text.
#include <windows.h>

#include <filesystem>

#include "base/file_identity.h"
#include "base/win32_text.h"

namespace fs = std::filesystem;

namespace ts {

namespace {

struct Identity {
    enum Kind { File, NameInFolder, Text } kind = Text;
    DWORD volume = 0;
    DWORD indexHigh = 0, indexLow = 0;
    std::wstring name;

    bool operator==(const Identity& o) const {
        return kind == o.kind && volume == o.volume && indexHigh == o.indexHigh &&
               indexLow == o.indexLow && name == o.name;
    }
};

// The identity of an open handle; false for a console or a pipe (never an input file).
bool handleIdentity(HANDLE h, Identity* id) {
    BY_HANDLE_FILE_INFORMATION info{};
    if (h == INVALID_HANDLE_VALUE || h == nullptr || ::GetFileType(h) != FILE_TYPE_DISK ||
        !::GetFileInformationByHandle(h, &info))
        return false;
    id->kind = Identity::File;
    id->volume = info.dwVolumeSerialNumber;
    id->indexHigh = info.nFileIndexHigh;
    id->indexLow = info.nFileIndexLow;
    return true;
}

// FILE_FLAG_BACKUP_SEMANTICS opens folders too; no access rights are needed to ask.
bool pathIdentity(const std::wstring& path, Identity* id) {
    HANDLE h =
        ::CreateFileW(path.c_str(), 0, FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE,
                      nullptr, OPEN_EXISTING, FILE_FLAG_BACKUP_SEMANTICS, nullptr);
    const bool ok = handleIdentity(h, id);
    if (h != INVALID_HANDLE_VALUE) ::CloseHandle(h);
    return ok;
}

std::wstring folded(std::wstring s) {
    if (!s.empty()) ::CharUpperBuffW(s.data(), DWORD(s.size()));
    return s;
}

Identity identify(const std::string& path) {
    Identity id;
    if (path == "-") {
        handleIdentity(::GetStdHandle(STD_OUTPUT_HANDLE), &id);
        return id;
    }
    const fs::path p(win32::widen(path));
    if (pathIdentity(p.wstring(), &id)) return id;
    fs::path folder = p.parent_path();
    if (folder.empty()) folder = L".";
    if (p.has_filename() && pathIdentity(folder.wstring(), &id)) {
        id.kind = Identity::NameInFolder;
        id.name = folded(p.filename().wstring());
        return id;
    }
    id = Identity{};
    std::error_code ec;
    id.name = folded(fs::absolute(p, ec).lexically_normal().wstring());
    return id;
}

}  // namespace

bool sameFile(const std::string& a, const std::string& b) {
    return identify(a) == identify(b);
}

std::string fileIdentityKey(const std::string& path) {
    Identity id;
    if (!pathIdentity(win32::widen(path), &id)) return "";
    return std::to_string(id.volume) + ":" + std::to_string(id.indexHigh) + ":" +
           std::to_string(id.indexLow);
}

}  // namespace ts
