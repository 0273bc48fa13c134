# Cross-compiling tilestep for 64-bit Windows on Debian (scripts/build-windows.sh):
# g++-mingw-w64-x86-64-posix (std::thread and std::mutex need the posix thread model).
set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_PROCESSOR x86_64)
set(TILESTEP_MINGW_PREFIX x86_64-w64-mingw32)
set(CMAKE_C_COMPILER ${TILESTEP_MINGW_PREFIX}-gcc-posix)
set(CMAKE_CXX_COMPILER ${TILESTEP_MINGW_PREFIX}-g++-posix)
set(CMAKE_RC_COMPILER ${TILESTEP_MINGW_PREFIX}-windres)
set(CMAKE_FIND_ROOT_PATH /usr/${TILESTEP_MINGW_PREFIX})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
# A self-contained .exe: the C++ runtime and winpthreads linked in, only system DLLs imported.
set(CMAKE_EXE_LINKER_FLAGS_INIT "-static -static-libgcc -static-libstdc++")
set(CMAKE_SHARED_LINKER_FLAGS_INIT "-static-libgcc -static-libstdc++")
# Run the test programs it builds (and try_run) under Wine.
set(CMAKE_CROSSCOMPILING_EMULATOR wine)
# M_PI as glibc gives it; no min/max macros from <windows.h> over std::min and std::max.
set(CMAKE_C_FLAGS_INIT "-D_USE_MATH_DEFINES -DNOMINMAX")
set(CMAKE_CXX_FLAGS_INIT "-D_USE_MATH_DEFINES -DNOMINMAX")
