#include "emit_pack.hpp"

#include <algorithm>
#include <set>
#include <sstream>
#include <stdexcept>

#include "identifier.hpp"

namespace dyngen::engine {

bool lane_wise(const Kernel& kernel) {
  const auto& code = kernel.code.instructions;
  for (std::size_t i = 0; i < code.size(); ++i) {
    switch (code[i].op) {
      case Op::constant:
      case Op::input:
      case Op::add:
      case Op::sub:
      case Op::mul:
      case Op::div:
      case Op::neg: break;
      case Op::sin:
      case Op::cos:
        if (!is_trig_of_input(code, i)) return false;
        break;
      case Op::sqrt:
      case Op::sign:
      case Op::atan2: return false;
    }
  }
  return true;
}

namespace {

// The pack type: lanes of a GCC vector extension, or else of a plain array.
constexpr const char* kPackType = R"(// Packs of W states for the batch kernels (<kernel>_batch below): a kernel instantiated with
// T = dyngen_pack<S, W> runs each instruction on W states at once. Every operation is lane-wise
// and rounded as IEEE 754 prescribes, the sines and cosines those of dyngen_sin_cos lane by lane,
// so each lane is the scalar kernel's result bit for bit where the compiler does not contract
// a * b + c (the C entry points forbid it). The lanes are a GCC vector extension (GCC, clang: one
// instruction per operation, SSE2, AVX2 or AVX-512 as the caller is compiled) or, with other
// compilers or DYNGEN_NO_VECTOR_EXTENSIONS defined, a plain array.
#if defined(__GNUC__) && !defined(DYNGEN_NO_VECTOR_EXTENSIONS)
template <class S, int W>
struct dyngen_pack {
  typedef S scalar;
  typedef S lanes __attribute__((vector_size(W * sizeof(S))));
  static constexpr int width = W;
  template <class... X>
  static dyngen_pack of(X... x) {
    dyngen_pack p;
    p.v = lanes{x...};
    return p;
  }
  // mutable: the kernels' `const T t = ...;` is then no read-only object, which GCC's scalar
  // replacement of aggregates would keep in memory, each in a stack slot of its own (a 100 kB frame
  // for a kernel of 1400 instructions); so each lives in a vector register or a shared spill slot.
  mutable lanes v;
  dyngen_pack() = default;
  dyngen_pack(S s) : v(s - lanes{}) {}  // s in every lane: s - (+0) is s, signed zeros included
  // operands by reference: no 32- or 64-byte vector crosses a call boundary by value (GCC notes an ABI change there)
  friend dyngen_pack operator+(const dyngen_pack& a, const dyngen_pack& b) { dyngen_pack r; r.v = a.v + b.v; return r; }
  friend dyngen_pack operator-(const dyngen_pack& a, const dyngen_pack& b) { dyngen_pack r; r.v = a.v - b.v; return r; }
  friend dyngen_pack operator*(const dyngen_pack& a, const dyngen_pack& b) { dyngen_pack r; r.v = a.v * b.v; return r; }
  friend dyngen_pack operator/(const dyngen_pack& a, const dyngen_pack& b) { dyngen_pack r; r.v = a.v / b.v; return r; }
  friend dyngen_pack operator-(const dyngen_pack& a) { dyngen_pack r; r.v = -a.v; return r; }
};
#else
template <class S, int W>
struct dyngen_pack {
  typedef S scalar;
  struct lanes {
    S lane[W];
    S& operator[](int l) { return lane[l]; }
    S operator[](int l) const { return lane[l]; }
  };
  static constexpr int width = W;
  template <class... X>
  static dyngen_pack of(X... x) {
    dyngen_pack p;
    p.v = lanes{{x...}};
    return p;
  }
  mutable lanes v;  // as above

  dyngen_pack() = default;
  dyngen_pack(S s) { for (int l = 0; l < W; ++l) v[l] = s; }
  friend dyngen_pack operator+(const dyngen_pack& a, const dyngen_pack& b) { dyngen_pack r; for (int l = 0; l < W; ++l) r.v[l] = a.v[l] + b.v[l]; return r; }
  friend dyngen_pack operator-(const dyngen_pack& a, const dyngen_pack& b) { dyngen_pack r; for (int l = 0; l < W; ++l) r.v[l] = a.v[l] - b.v[l]; return r; }
  friend dyngen_pack operator*(const dyngen_pack& a, const dyngen_pack& b) { dyngen_pack r; for (int l = 0; l < W; ++l) r.v[l] = a.v[l] * b.v[l]; return r; }
  friend dyngen_pack operator/(const dyngen_pack& a, const dyngen_pack& b) { dyngen_pack r; for (int l = 0; l < W; ++l) r.v[l] = a.v[l] / b.v[l]; return r; }
  friend dyngen_pack operator-(const dyngen_pack& a) { dyngen_pack r; for (int l = 0; l < W; ++l) r.v[l] = -a.v[l]; return r; }
};
#endif

// packs[i] = element i of `count` <= W states stored one after another, `size` elements each; the
// lanes past `count` repeat the last state, so they compute nothing a state could not.
template <class S, int W, int... L>
inline void dyngen_load(dyngen_pack<S, W>* packs, const S* states, int size, int count, std::integer_sequence<int, L...>) {
  if (count == W) {
    for (int i = 0; i < size; ++i) packs[i] = dyngen_pack<S, W>::of(states[L * size + i]...);
  } else {
    for (int i = 0; i < size; ++i) packs[i] = dyngen_pack<S, W>::of(states[(L < count ? L : count - 1) * size + i]...);
  }
}

// The first `count` lanes of packs[i] to element i of states stored one after another.
template <class S, int W, int... L>
inline void dyngen_store(const dyngen_pack<S, W>* packs, S* states, int size, int count, std::integer_sequence<int, L...>) {
  if (count == W) {
    for (int i = 0; i < size; ++i) ((states[L * size + i] = packs[i].v[L]), ...);
  } else {
    for (int i = 0; i < size; ++i) ((L < count ? void(states[L * size + i] = packs[i].v[L]) : void()), ...);
  }
}

)";

// dyngen_sin_cos lane by lane over packs: the operations of its table path on all lanes at once.
constexpr const char* kPackSinCos = R"(// dyngen_sin_cos lane by lane: when every lane's angle is within the table's range, its operations
// on all lanes at once in double (the table read lane by lane); otherwise, and under -ffast-math,
// dyngen_sin_cos on each lane.
template <class S, int W, int... L>
inline void dyngen_sin_cos_lanes(const dyngen_pack<S, W>& angle, dyngen_pack<S, W>& sine, dyngen_pack<S, W>& cosine,
                                 std::integer_sequence<int, L...>) {
#if !defined(__FAST_MATH__)
  typedef dyngen_pack<double, W> reals;
  const reals x = reals::of(static_cast<double>(angle.v[L])...);
  if (((std::abs(x.v[L]) < 3e4) && ...)) {
    const reals shifted = x * reals(40.74366543152521) + reals(6755399441055744.0);
    unsigned long long k[W];
    std::memcpy(k, &shifted, sizeof k);
    reals s, c;
    dyngen_sin_cos_from(x, shifted - reals(6755399441055744.0), reals::of(dyngen_sin_cos_table[2 * (k[L] & 255)]...),
                        reals::of(dyngen_sin_cos_table[2 * (k[L] & 255) + 1]...), s, c);
    sine = dyngen_pack<S, W>::of(static_cast<S>(s.v[L])...);
    cosine = dyngen_pack<S, W>::of(static_cast<S>(c.v[L])...);
    return;
  }
#endif
  S s[W], c[W];
  (dyngen_sin_cos(angle.v[L], s[L], c[L]), ...);
  sine = dyngen_pack<S, W>::of(s[L]...);
  cosine = dyngen_pack<S, W>::of(c[L]...);
}

template <class S, int W>
inline void dyngen_sin_cos_array(const dyngen_pack<S, W>* angle, int count, dyngen_pack<S, W>* sine,
                                 dyngen_pack<S, W>* cosine) {
  for (int i = 0; i < count; ++i) dyngen_sin_cos_lanes(angle[i], sine[i], cosine[i], std::make_integer_sequence<int, W>{});
}

)";

// Names the batch function gives its own parameters and locals.
const std::set<std::string> kBatchNames = {"n", "kernel", "lanes", "first", "count", "offset"};

}  // namespace

std::string pack_support(bool trig) { return std::string(kPackType) + (trig ? kPackSinCos : ""); }

std::string emit_batch(const Kernel& kernel, const std::string& name) {
  std::string parameters, arguments, pack_parameters, pack_arguments, locals, loads, stores;
  for (const auto* docs : {&kernel.inputs, &kernel.outputs}) {
    const bool input = docs == &kernel.inputs;
    for (const ArrayDoc& array : *docs) {
      const std::string id = mangle_identifier(array.name), size = std::to_string(array.size);
      if (kBatchNames.contains(id)) throw std::invalid_argument("emit: array name " + array.name + " would shadow a batch name");
      const std::string pack = id + "_pack";
      parameters += (input ? "const S* " : "S* ") + id + ", ";
      arguments += id + ", ";
      pack_parameters += (pack_parameters.empty() ? "" : ", ") + std::string(input ? "const P* " : "P* ") + pack;
      pack_arguments += (pack_arguments.empty() ? "" : ", ") + pack;
      locals += (locals.empty() ? "" : ", ") + pack + "[" + std::to_string(std::max(array.size, 1)) + "]";
      (input ? loads : stores) += "    dyngen_" + std::string(input ? "load" : "store") + "(" + pack + ", " + id + " + offset * " +
                                  size + ", " + size + ", count, lanes);\n";
    }
  }
  const std::string entry = mangle_identifier(name), batch = entry + "_batch";
  std::ostringstream out;
  out << "// " << entry << " over n states, W at a time (P = dyngen_pack<S, W>): every array holds the n\n"
      << "// states' arrays one after another, as n calls of " << entry << " read and write them; the\n"
      << "// last pack repeats its last state in the lanes past n. `kernel` runs one pack.\n"
      << "template <class P, class S, class Kernel>\ninline void " << batch << "(int n, " << parameters
      << "Kernel kernel) {\n"
      << "  constexpr auto lanes = std::make_integer_sequence<int, P::width>{};\n"
      << "  for (int first = 0; first < n; first += P::width) {\n"
      << "    const int count = n - first < P::width ? n - first : P::width;\n"
      << "    const std::size_t offset = static_cast<std::size_t>(first);\n"
      << "    P " << locals << ";\n"
      << loads << "    kernel(" << pack_arguments << ");\n" << stores << "  }\n}\n\n";
  out << "template <class P, class S>\ninline void " << batch << "(int n, "
      << parameters.substr(0, parameters.size() - 2) << ") {\n"
      << "  " << batch << "<P>(n, " << arguments << "[](" << pack_parameters << ") { " << entry << "("
      << pack_arguments << "); });\n}\n\n";
  return out.str();
}

}  // namespace dyngen::engine
