# tilestep_mover_plugin(NAME SOURCES...): a mover plugin, a shared library loaded with
# `tilestep ... --plugin NAME.so`. It needs nothing of tilestep but the headers.
function(tilestep_mover_plugin name)
  add_library(${name} MODULE ${ARGN})
  target_link_libraries(${name} PRIVATE tilestep::plugin_headers)
  set_target_properties(${name} PROPERTIES PREFIX "" C_STANDARD 99 C_EXTENSIONS ON
                                           C_VISIBILITY_PRESET hidden)
endfunction()
