# dyngen_generate: generate a mechanism's kernels at build time and build them into a library.
#
#   dyngen_generate(TARGET <target> MODEL <model.yaml>
#                   [PARAMS folded|runtime|runtime:p1,p2,...] [ALGORITHM auto|crba|aba]
#                   [NAME <model name>] [DYNGEN <dyngen executable>] [EXCLUDE_FROM_ALL] [NO_BATCH] [FMA])
#
# Runs `dyngen generate` into ${CMAKE_CURRENT_BINARY_DIR}/<target>/ whenever the model file or the
# dyngen executable changes, and defines the STATIC library <target> from the generated
# <name>_kernels.cpp and <name>_batch.cpp (the batch entry points: left out with NO_BATCH, which
# halves the compile time); linking it puts <name>_kernels.hpp (C++ templates, namespace <name>),
# <name>_kernels.h and <name>_batch.h (C entry points) on the include path. FMA passes --fma: the
# entry points contract a * b + c into fused multiply-adds where the CPU has them. <name> is the model's `name:` field, read
# from the file at configure time (the file is a configure dependency, so a renamed model
# reconfigures); pass NAME when the field is not a plain identifier. EXCLUDE_FROM_ALL keeps the
# library out of the default build (built when something that links it is).
#
# The generator: DYNGEN if given; else the `dyngen` target when this is the dyngen project itself;
# else the `dyngen` program found on the PATH or in DYNGEN_EXECUTABLE.
include_guard(GLOBAL)

function(dyngen_generate)
  cmake_parse_arguments(PARSE_ARGV 0 DG "EXCLUDE_FROM_ALL;NO_BATCH;FMA" "TARGET;MODEL;PARAMS;ALGORITHM;NAME;DYNGEN" "")
  if(DG_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "dyngen_generate: unknown arguments ${DG_UNPARSED_ARGUMENTS}")
  endif()
  if(NOT DG_TARGET OR NOT DG_MODEL)
    message(FATAL_ERROR "dyngen_generate: TARGET and MODEL are required")
  endif()
  get_filename_component(model "${DG_MODEL}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
  if(NOT EXISTS "${model}")
    message(FATAL_ERROR "dyngen_generate(${DG_TARGET}): model file ${model} does not exist")
  endif()
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${model}")

  set(name "${DG_NAME}")
  if(NOT name)
    file(STRINGS "${model}" name_lines REGEX "^name:")
    list(LENGTH name_lines name_count)
    if(NOT name_count EQUAL 1)
      message(FATAL_ERROR "dyngen_generate(${DG_TARGET}): ${model} has no top-level `name:` line; pass NAME")
    endif()
    string(REGEX REPLACE "^name:[ \t]*[\"']?([^\"'# \t]*)[\"']?[ \t]*(#.*)?$" "\\1" name "${name_lines}")
  endif()
  if(NOT name MATCHES "^[A-Za-z_][A-Za-z0-9_]*$")
    message(FATAL_ERROR "dyngen_generate(${DG_TARGET}): model name '${name}' is not a plain identifier; "
                        "pass NAME <the namespace dyngen writes>")
  endif()

  set(dyngen "${DG_DYNGEN}")
  if(NOT dyngen AND TARGET dyngen)
    set(dyngen dyngen)
  endif()
  if(NOT dyngen)
    find_program(DYNGEN_EXECUTABLE dyngen DOC "the dyngen code generator")
    if(NOT DYNGEN_EXECUTABLE)
      message(FATAL_ERROR "dyngen_generate(${DG_TARGET}): dyngen not found; pass DYNGEN <path> or set DYNGEN_EXECUTABLE")
    endif()
    set(dyngen "${DYNGEN_EXECUTABLE}")
  endif()

  set(arguments generate "${model}" --out "${CMAKE_CURRENT_BINARY_DIR}/${DG_TARGET}")
  if(DG_PARAMS)
    list(APPEND arguments --params "${DG_PARAMS}")
  endif()
  if(DG_ALGORITHM)
    list(APPEND arguments --algorithm "${DG_ALGORITHM}")
  endif()
  if(DG_FMA)
    list(APPEND arguments --fma)
  endif()

  set(stem "${CMAKE_CURRENT_BINARY_DIR}/${DG_TARGET}/${name}_kernels")
  set(batch "${CMAKE_CURRENT_BINARY_DIR}/${DG_TARGET}/${name}_batch")
  add_custom_command(
    OUTPUT "${stem}.hpp" "${stem}.h" "${stem}.cpp" "${batch}.h" "${batch}.cpp"
    COMMAND ${dyngen} ${arguments}
    DEPENDS "${model}" ${dyngen}
    COMMENT "dyngen: generating ${name} kernels from ${DG_MODEL}"
    VERBATIM)
  set(exclude)
  if(DG_EXCLUDE_FROM_ALL)
    set(exclude EXCLUDE_FROM_ALL)
  endif()
  set(sources "${stem}.cpp" "${stem}.hpp" "${stem}.h" "${batch}.h")
  if(NOT DG_NO_BATCH)
    list(APPEND sources "${batch}.cpp")
  endif()
  add_library(${DG_TARGET} STATIC ${exclude} ${sources})
  target_include_directories(${DG_TARGET} PUBLIC "${CMAKE_CURRENT_BINARY_DIR}/${DG_TARGET}")
  target_compile_features(${DG_TARGET} PUBLIC cxx_std_17)
endfunction()
