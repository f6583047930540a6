// Numeric fields of a mechanism file: numbers or GiNaC expressions over the model's named
// parameters (`parameters:`; each may use the parameters defined before it).
#pragma once

#include <ginac/ginac.h>

#include <optional>
#include <string>
#include <vector>

#include "model/model.hpp"

namespace dyngen::model_detail {

class ParameterTable {
 public:
  // Defines `name` as `definition` (an expression over earlier parameters).
  void define(const std::string& name, const GiNaC::ex& definition);
  bool contains(const std::string& name) const;
  const GiNaC::symtab& symbols() const { return symbols_; }
  const std::vector<std::string>& names() const { return names_; }
  // The parameters in definition order, with values and (for derived ones) sources.
  std::vector<Parameter> parameters() const;

  // Parses `text` (GiNaC syntax; parameters, Pi, Euler, Catalan and GiNaC's functions allowed).
  // On failure returns nullopt and sets `error` to a message saying what is wrong.
  std::optional<GiNaC::ex> parse(const std::string& text, std::string& error) const;
  // The value of `e` with every parameter substituted, or nullopt unless it is a finite real.
  std::optional<double> evaluate(const GiNaC::ex& e) const;
  bool depends_on_parameters(const GiNaC::ex& e) const;
  // Value and, when `e` depends on a parameter, its printed GiNaC source.
  Quantity quantity(const GiNaC::ex& e) const;

 private:
  GiNaC::symtab symbols_;
  GiNaC::exmap values_;  // symbol -> numeric value
  std::vector<std::string> names_;
  std::vector<GiNaC::ex> definitions_;
};

}  // namespace dyngen::model_detail
