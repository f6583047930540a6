#include "model/expression.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <set>
#include <stdexcept>
#include <sstream>

#include "engine/expr.hpp"

namespace dyngen::model_detail {
namespace {

const std::set<std::string>& builtin_constants() {
  static const std::set<std::string> names = {"Pi", "Euler", "Catalan"};
  return names;
}

// Identifiers in `text` that are not followed by '(' (i.e. not function calls); numbers such as
// 1.5e-3 are skipped so their exponent letter is not taken for a name.
std::vector<std::string> free_identifiers(const std::string& text) {
  std::vector<std::string> names;
  std::size_t i = 0;
  while (i < text.size()) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    if (std::isdigit(c) || (c == '.' && i + 1 < text.size() && std::isdigit(text[i + 1]))) {
      while (i < text.size() && (std::isdigit(static_cast<unsigned char>(text[i])) || text[i] == '.'))
        ++i;
      if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
        std::size_t j = i + 1;
        if (j < text.size() && (text[j] == '+' || text[j] == '-')) ++j;
        if (j < text.size() && std::isdigit(static_cast<unsigned char>(text[j]))) {
          i = j;
          while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) ++i;
        }
      }
    } else if (std::isalpha(c) || c == '_') {
      const std::size_t start = i;
      while (i < text.size() && (std::isalnum(static_cast<unsigned char>(text[i])) || text[i] == '_'))
        ++i;
      std::size_t next = i;
      while (next < text.size() && std::isspace(static_cast<unsigned char>(text[next]))) ++next;
      if (next >= text.size() || text[next] != '(') names.push_back(text.substr(start, i - start));
    } else {
      ++i;
    }
  }
  return names;
}

std::string print(const GiNaC::ex& e) {
  std::ostringstream out;
  out << e;
  return out.str();
}

// A value with the magnitude it was computed from: the sum of the magnitudes of the terms of every
// sum on the way. A sum that cancels to within rounding of its terms is an exact zero (e.g. the
// centre-of-mass offset "a3 - 0.0203" with a3 = 0.0203, however the expression was expanded):
// keeping 1e-22 there would make a zero product of inertia a nonzero one in every kernel.
struct Valuation {
  double value;
  double magnitude;
};

double real_value(const GiNaC::ex& number) {
  const GiNaC::ex value = GiNaC::evalf(number);
  if (!GiNaC::is_a<GiNaC::numeric>(value) || !GiNaC::ex_to<GiNaC::numeric>(value).is_real())
    throw std::domain_error("not a real number");
  return GiNaC::ex_to<GiNaC::numeric>(value).to_double();
}

Valuation valuate(const GiNaC::ex& e, const GiNaC::exmap& values) {
  if (GiNaC::is_a<GiNaC::symbol>(e)) {
    const auto found = values.find(e);
    if (found == values.end()) throw std::domain_error("unbound symbol");
    const double v = real_value(found->second);
    return {v, std::abs(v)};
  }
  if (GiNaC::is_a<GiNaC::add>(e)) {
    Valuation sum{0.0, 0.0};
    for (std::size_t i = 0; i < e.nops(); ++i) {
      const Valuation term = valuate(e.op(i), values);
      sum.value += term.value;
      sum.magnitude += term.magnitude;
    }
    if (engine::cancels_within_rounding(sum.value, sum.magnitude)) sum.value = 0.0;
    return sum;
  }
  if (GiNaC::is_a<GiNaC::mul>(e)) {
    Valuation product{1.0, 1.0};
    for (std::size_t i = 0; i < e.nops(); ++i) {
      const Valuation factor = valuate(e.op(i), values);
      product.value *= factor.value;
      product.magnitude *= factor.magnitude;
    }
    return product;
  }
  if (GiNaC::is_a<GiNaC::power>(e)) {
    const Valuation base = valuate(e.op(0), values);
    const double exponent = valuate(e.op(1), values).value;
    const double v = std::pow(base.value, exponent);
    // a negative power of a cancelled sum has no meaningful magnitude bound beyond its value
    return {v, exponent > 0.0 ? std::pow(base.magnitude, exponent) : std::abs(v)};
  }
  if (GiNaC::is_a<GiNaC::function>(e)) {
    GiNaC::ex call = e;
    double argument = 0.0;
    for (std::size_t i = 0; i < e.nops(); ++i) {
      argument = valuate(e.op(i), values).value;
      call.let_op(i) = GiNaC::numeric(argument);
    }
    double v = real_value(call);
    // sin and cos at a zero of theirs (cos(Pi/2)): below the effect of the argument's rounding
    const bool sine_or_cosine = GiNaC::is_the_function<GiNaC::sin_SERIAL>(e) || GiNaC::is_the_function<GiNaC::cos_SERIAL>(e);
    if (sine_or_cosine && std::abs(v) <= 1e-15 * std::max(1.0, std::abs(argument))) v = 0.0;
    return {v, std::abs(v)};
  }
  const double v = real_value(e);  // numbers and the constants Pi, Euler, Catalan
  return {v, std::abs(v)};
}

}  // namespace

void ParameterTable::define(const std::string& name, const GiNaC::ex& definition) {
  const GiNaC::symbol symbol(name);
  symbols_[name] = symbol;
  // definitions come from parse(), which has already evaluated them
  values_[symbol] = GiNaC::numeric(evaluate(definition).value());
  names_.push_back(name);
  definitions_.push_back(definition);
}

bool ParameterTable::contains(const std::string& name) const { return symbols_.count(name) > 0; }

std::vector<Parameter> ParameterTable::parameters() const {
  std::vector<Parameter> result;
  for (std::size_t i = 0; i < names_.size(); ++i) {
    Parameter parameter;
    parameter.name = names_[i];
    parameter.value = *evaluate(definitions_[i]);
    if (depends_on_parameters(definitions_[i])) parameter.source = print(definitions_[i]);
    result.push_back(parameter);
  }
  return result;
}

std::optional<GiNaC::ex> ParameterTable::parse(const std::string& text, std::string& error) const {
  std::string undefined;
  for (const std::string& name : free_identifiers(text)) {
    if (symbols_.count(name) || builtin_constants().count(name)) continue;
    if (!undefined.empty()) undefined += ", ";
    undefined += "'" + name + "'";
  }
  if (!undefined.empty()) {
    std::string defined;
    for (const std::string& name : names_) defined += (defined.empty() ? "" : ", ") + name;
    error = "expression '" + text + "' references undefined parameter " + undefined +
            (defined.empty() ? std::string("; no parameters are defined")
                             : "; defined (earlier) parameters: " + defined);
    return std::nullopt;
  }
  try {
    GiNaC::parser reader(symbols_);
    reader.strict = true;
    GiNaC::ex e = reader(text);
    if (!evaluate(e)) {
      error = "expression '" + text + "' does not evaluate to a finite real number";
      return std::nullopt;
    }
    return e;
  } catch (const std::exception& failure) {
    error = "expression '" + text + "' is not valid (" + failure.what() +
            "); expected a number or an expression over parameters, e.g. \"2*L_M + 0.1\"";
    return std::nullopt;
  }
}

std::optional<double> ParameterTable::evaluate(const GiNaC::ex& e) const {
  try {
    const Valuation v = valuate(e, values_);
    if (!std::isfinite(v.value)) return std::nullopt;
    return v.value;
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

bool ParameterTable::depends_on_parameters(const GiNaC::ex& e) const {
  for (const auto& [name, symbol] : symbols_)
    if (e.has(symbol)) return true;
  return false;
}

Quantity ParameterTable::quantity(const GiNaC::ex& e) const {
  Quantity result;
  result.value = evaluate(e).value_or(std::nan(""));
  if (depends_on_parameters(e)) result.source = print(e);
  return result;
}

}  // namespace dyngen::model_detail
