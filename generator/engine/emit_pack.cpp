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

#if defined(__GNUC__) && !defined(DYNGEN_NO_VECTOR_EXTENSIONS) && defined(__has_builtin)
#if __has_builtin(__builtin_shufflevector)
#define DYNGEN_PACK_TRANSPOSE 1
#endif
#endif

#if defined(DYNGEN_PACK_TRANSPOSE)
// rows[r] <- column r of the W x W matrix whose rows are rows[0..W), W a power of two: log2 W
// rounds of interleaving row i with row i + W/2 into rows 2i (low halves) and 2i + 1 (high
// halves). A round moves element (r, c) to (r', c') with r'|c' the bits of r|c rotated left by
// one, so log2 W rounds move it to (c, r). W log2 W two-vector shuffles instead of W^2 lane moves.
// Vectors by reference only: none crosses a call boundary by value (GCC notes an ABI change there).
template <int W, class V, int... L>
inline void dyngen_interleave(V& out, const V& a, const V& b, int half, std::integer_sequence<int, L...>) {
  if (half == 0)
    out = __builtin_shufflevector(a, b, (L % 2 == 0 ? L / 2 : W + L / 2)...);
  else
    out = __builtin_shufflevector(a, b, (L % 2 == 0 ? W / 2 + L / 2 : W + W / 2 + L / 2)...);
}

template <int W, class V, int... L, int... I>
inline void dyngen_interleave_round(V* rows, std::integer_sequence<int, L...> lanes, std::integer_sequence<int, I...>) {
  V next[W];
  (dyngen_interleave<W>(next[I], rows[I / 2], rows[I / 2 + W / 2], I % 2, lanes), ...);
  ((rows[I] = next[I]), ...);
}

template <class V, int W, int round = 1, int... L>
inline void dyngen_transpose(V* rows, std::integer_sequence<int, L...> lanes) {
  if constexpr (round < W) {
    dyngen_interleave_round<W>(rows, lanes, lanes);
    dyngen_transpose<V, W, 2 * round>(rows, lanes);
  }
}

// row = W elements from `from`: all W when `whole`, else its first `size` and the last of them repeated.
template <class V, class S, int... L>
inline void dyngen_read_row(V& row, const S* from, int size, bool whole, std::integer_sequence<int, L...>) {
  if (whole)
    std::memcpy(&row, from, sizeof row);
  else
    row = V{from[L < size ? L : size - 1]...};
}

// All W elements of `row` to `to` when `whole`, else its first `size`.
template <class V, class S>
inline void dyngen_write_row(S* to, const V& row, int size, bool whole) {
  if (whole) {
    std::memcpy(to, &row, sizeof row);
  } else {
    for (int e = 0; e < size; ++e) to[e] = row[e];
  }
}

// The first element of each group of W a state is read and written in: groups of W, the last one
// overlapping the one before, or one group for a state shorter than W.
inline int dyngen_group_start(int group, int size, int W) {
  return size < W ? 0 : (group + W <= size ? group : size - W);
}

// State l of a pack moves a whole row of W elements: its group lies within the state, or, for a
// state shorter than W, ends within the pack's W states.
inline bool dyngen_whole_row(int l, int size, int W) { return size >= W || l * size + W <= W * size; }
#endif

// packs[i] = element i of `count` <= W states stored one after another, `size` elements each; the
// lanes past `count` repeat the last state, so they compute nothing a state could not. A full
// pack is read in groups of W elements of each state, transposed (a state shorter than W read
// whole with the next states' first elements, except where that would reach past the W states).
template <class S, int W, int... L>
inline void dyngen_load(dyngen_pack<S, W>* packs, const S* states, int size, int count,
                        [[maybe_unused]] std::integer_sequence<int, L...> lanes) {
  if (count == W) {
#if defined(DYNGEN_PACK_TRANSPOSE)
    typedef typename dyngen_pack<S, W>::lanes row;
    for (int group = 0; group < size; group += W) {
      const int i = dyngen_group_start(group, size, W);
      row rows[W] = {};
      (dyngen_read_row(rows[L], states + L * size + i, size, dyngen_whole_row(L, size, W), lanes), ...);
      dyngen_transpose<row, W>(rows, lanes);
      ((i + L < size ? void(packs[i + L].v = rows[L]) : void()), ...);
    }
#else
    for (int i = 0; i < size; ++i) packs[i] = dyngen_pack<S, W>::of(states[L * size + i]...);
#endif
  } else {
    for (int i = 0; i < size; ++i) packs[i] = dyngen_pack<S, W>::of(states[(L < count ? L : count - 1) * size + i]...);
  }
}

// The first `count` lanes of packs[i] to element i of states stored one after another. A full pack
// is transposed and written in dyngen_load's groups; a state shorter than W is written with W
// elements, the last reaching into the next states' first ones, which their own writes, coming
// after, replace (a state whose W elements would reach past the W states written element-wise).
template <class S, int W, int... L>
inline void dyngen_store(const dyngen_pack<S, W>* packs, S* states, int size, int count,
                         [[maybe_unused]] std::integer_sequence<int, L...> lanes) {
  if (count == W) {
#if defined(DYNGEN_PACK_TRANSPOSE)
    typedef typename dyngen_pack<S, W>::lanes row;
    for (int group = 0; group < size; group += W) {
      const int i = dyngen_group_start(group, size, W);
      row rows[W] = {packs[i + (L < size ? L : size - 1)].v...};
      dyngen_transpose<row, W>(rows, lanes);
      (dyngen_write_row(states + L * size + i, rows[L], size, dyngen_whole_row(L, size, W)), ...);
    }
#else
    for (int i = 0; i < size; ++i) ((states[L * size + i] = packs[i].v[L]), ...);
#endif
  } else {
    for (int i = 0; i < size; ++i) ((L < count ? void(states[L * size + i] = packs[i].v[L]) : void()), ...);
  }
}

)";

// dyngen_sin_cos lane by lane over packs: the operations of its table path on all lanes at once.
constexpr const char* kPackSinCos = R"(// dyngen_sin_cos lane by lane: when every lane's angle is within the table's range, its operations
// on all lanes at once in double (the table read pair by pair); otherwise, and under -ffast-math,
// dyngen_sin_cos on each lane.
#if defined(DYNGEN_PACK_TRANSPOSE)
// sine[l], cosine[l] = the table's pair for k[l] & 255: W doubles read from each lane's pair, these
// W rows transposed, the first two rows taken (W loads and the W shuffles those two rows need
// instead of 2 W lane moves; the table ends in zeros for the reads past its last pair).
template <int W, class V, int... L>
inline void dyngen_table_pairs(const unsigned long long* k, V& sine, V& cosine, std::integer_sequence<int, L...> lanes) {
  V rows[W];
  (std::memcpy(&rows[L], dyngen_sin_cos_table + 2 * (k[L] & 255), sizeof(V)), ...);
  dyngen_transpose<V, W>(rows, lanes);
  sine = rows[0];
  cosine = rows[1];
}
#endif

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
    reals s, c, table_sine, table_cosine;
#if defined(DYNGEN_PACK_TRANSPOSE)
    dyngen_table_pairs<W>(k, table_sine.v, table_cosine.v, std::integer_sequence<int, L...>{});
#else
    table_sine = reals::of(dyngen_sin_cos_table[2 * (k[L] & 255)]...);
    table_cosine = reals::of(dyngen_sin_cos_table[2 * (k[L] & 255) + 1]...);
#endif
    dyngen_sin_cos_from(x, shifted - reals(6755399441055744.0), table_sine, table_cosine, s, c);
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
