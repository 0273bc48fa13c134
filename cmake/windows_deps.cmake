# The Windows cross-build's dependencies (cmake/mingw-w64.cmake, scripts/build-windows.sh):
# the same Debian versions the Linux build links, built as static libraries from the source
# packages that `apt-get source glfw3 imgui pugixml libzstd` unpacked into TILESTEP_WIN_SRC;
# zlib from libz-mingw-w64-dev; cereal, Boost.Asio/Beast and stb are headers, taken from the
# Linux packages (libcereal-dev with rapidjson-dev, libboost-dev, libstb-dev) through folders
# that hold only them.
if(NOT TILESTEP_WIN_SRC OR NOT IS_DIRECTORY ${TILESTEP_WIN_SRC})
  message(FATAL_ERROR "TILESTEP_WIN_SRC must name the folder of the Debian source packages "
                      "(scripts/build-windows.sh fetches them)")
endif()
function(tilestep_win_source var pattern)
  file(GLOB dirs LIST_DIRECTORIES true ${TILESTEP_WIN_SRC}/${pattern})
  list(FILTER dirs EXCLUDE REGEX "\\.(dsc|tar\\..*|asc)$")
  if(NOT dirs)
    message(FATAL_ERROR "no ${pattern} in ${TILESTEP_WIN_SRC}")
  endif()
  list(GET dirs 0 dir)
  set(${var} ${dir} PARENT_SCOPE)
endfunction()

# Header-only packages, each seen through a folder of its own (never all of /usr/include).
set(TILESTEP_WIN_HEADERS ${CMAKE_BINARY_DIR}/win-headers)
file(MAKE_DIRECTORY ${TILESTEP_WIN_HEADERS})
file(CREATE_LINK /usr/include/cereal ${TILESTEP_WIN_HEADERS}/cereal SYMBOLIC)
file(CREATE_LINK /usr/include/rapidjson ${TILESTEP_WIN_HEADERS}/rapidjson SYMBOLIC)  # cereal JSON
file(CREATE_LINK /usr/include/boost ${TILESTEP_WIN_HEADERS}/boost SYMBOLIC)  # Asio, Beast
set(TILESTEP_BEAST_INCLUDE ${TILESTEP_WIN_HEADERS} CACHE PATH "Boost's headers (libboost-dev)" FORCE)
add_library(cereal::cereal INTERFACE IMPORTED GLOBAL)
target_include_directories(cereal::cereal SYSTEM INTERFACE ${TILESTEP_WIN_HEADERS})

set(STB_INCLUDE_DIR /usr/include/stb CACHE PATH "stb's headers (libstb-dev)")
set(TILESTEP_STB_IMPL ${CMAKE_BINARY_DIR}/win-stb/stb_impl.c)
file(WRITE ${TILESTEP_STB_IMPL}.in
     "#define STB_IMAGE_IMPLEMENTATION\n#include <stb_image.h>\n"
     "#define STB_IMAGE_WRITE_IMPLEMENTATION\n#include <stb_image_write.h>\n")
configure_file(${TILESTEP_STB_IMPL}.in ${TILESTEP_STB_IMPL} COPYONLY)
add_library(tilestep_stb STATIC ${TILESTEP_STB_IMPL})
target_include_directories(tilestep_stb SYSTEM PUBLIC ${STB_INCLUDE_DIR})
target_compile_options(tilestep_stb PRIVATE -w)
set(STB_LIBRARY tilestep_stb CACHE STRING "stb's implementation, built here")

set(ZLIB_LIBRARY /usr/${TILESTEP_MINGW_PREFIX}/lib/libz.a CACHE FILEPATH "static zlib")
set(ZLIB_INCLUDE_DIR /usr/${TILESTEP_MINGW_PREFIX}/include CACHE PATH "zlib's header")
find_package(ZLIB REQUIRED)
set_target_properties(ZLIB::ZLIB PROPERTIES IMPORTED_GLOBAL TRUE)

tilestep_win_source(PUGIXML_SRC pugixml-*)
add_library(tilestep_pugixml STATIC ${PUGIXML_SRC}/src/pugixml.cpp)
target_include_directories(tilestep_pugixml SYSTEM PUBLIC ${PUGIXML_SRC}/src)
target_compile_options(tilestep_pugixml PRIVATE -w)
add_library(PkgConfig::PUGIXML ALIAS tilestep_pugixml)

tilestep_win_source(ZSTD_SRC libzstd-*)
file(GLOB ZSTD_SOURCES ${ZSTD_SRC}/lib/common/*.c ${ZSTD_SRC}/lib/compress/*.c
     ${ZSTD_SRC}/lib/decompress/*.c)
add_library(tilestep_zstd STATIC ${ZSTD_SOURCES})
target_include_directories(tilestep_zstd SYSTEM PUBLIC ${ZSTD_SRC}/lib)
target_compile_definitions(tilestep_zstd PRIVATE ZSTD_DISABLE_ASM)
target_compile_options(tilestep_zstd PRIVATE -w)
add_library(PkgConfig::ZSTD ALIAS tilestep_zstd)

if(TILESTEP_APP)
  tilestep_win_source(GLFW_SRC glfw3-*)
  set(GLFW_BUILD_EXAMPLES OFF CACHE BOOL "" FORCE)
  set(GLFW_BUILD_TESTS OFF CACHE BOOL "" FORCE)
  set(GLFW_BUILD_DOCS OFF CACHE BOOL "" FORCE)
  set(GLFW_INSTALL OFF CACHE BOOL "" FORCE)
  add_subdirectory(${GLFW_SRC} ${CMAKE_BINARY_DIR}/glfw EXCLUDE_FROM_ALL)
  target_compile_options(glfw PRIVATE -w)

  tilestep_win_source(IMGUI_SRC imgui-*)
  add_library(tilestep_imgui STATIC
    ${IMGUI_SRC}/imgui.cpp ${IMGUI_SRC}/imgui_draw.cpp ${IMGUI_SRC}/imgui_tables.cpp
    ${IMGUI_SRC}/imgui_widgets.cpp ${IMGUI_SRC}/imgui_demo.cpp
    ${IMGUI_SRC}/misc/cpp/imgui_stdlib.cpp
    ${IMGUI_SRC}/backends/imgui_impl_glfw.cpp ${IMGUI_SRC}/backends/imgui_impl_opengl3.cpp)
  target_include_directories(tilestep_imgui SYSTEM PUBLIC ${IMGUI_SRC} ${IMGUI_SRC}/misc/cpp)
  target_link_libraries(tilestep_imgui PUBLIC glfw tilestep_stb)
  target_compile_options(tilestep_imgui PRIVATE -w)
  add_library(PkgConfig::IMGUI ALIAS tilestep_imgui)
endif()
