// Everything the editor needs for editing: the document and every tool.
#pragma once
#include "edit/actor_tools.h"
#include "edit/brush_tools.h"
#include "edit/disk_watch.h"
#include "edit/document.h"
#include "edit/map_tools.h"
#include "edit/plugin_reload_edit.h"
#include "edit/tile_tools.h"
#include "edit/tileset_tools.h"
#include "edit/tuning_edits.h"
#include "edit/wall_drag.h"
#include "edit/wall_tools.h"
