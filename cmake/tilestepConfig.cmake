# find_package(tilestep): tilestep::plugin_headers (include/tilestep/*.h) and
# tilestep_mover_plugin(NAME SOURCES...).
include("${CMAKE_CURRENT_LIST_DIR}/tilestepTargets.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/tilestep_mover_plugin.cmake")
