#include "compare/table_format.hpp"

#include <cstdio>
#include <sstream>
#include <stdexcept>
#include <vector>

namespace dyngen::compare {

namespace {

using Cells = std::vector<std::string>;

struct Table {
  Cells header;
  std::vector<Cells> rows;
};

std::string number(std::uint64_t value) {
  return value == OpTally::saturated ? std::string(">=1.8e19") : std::to_string(value);
}

std::string seconds_text(double seconds) {
  char text[32];
  std::snprintf(text, sizeof text, "%.3f", seconds);
  return text;
}

std::string csv_cell(const std::string& cell) {
  if (cell.find_first_of(",\"\n") == std::string::npos) return cell;
  std::string quoted = "\"";
  for (char c : cell) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
  return quoted + "\"";
}

void print(const Table& table, Format format, std::ostream& out) {
  if (format == Format::csv) {
    for (const Cells* line : [&] {
           std::vector<const Cells*> all{&table.header};
           for (const Cells& row : table.rows) all.push_back(&row);
           return all;
         }()) {
      for (std::size_t c = 0; c < line->size(); ++c) out << (c ? "," : "") << csv_cell((*line)[c]);
      out << "\n";
    }
    return;
  }
  std::vector<std::size_t> width(table.header.size(), 0);
  const auto widen = [&](const Cells& line) {
    for (std::size_t c = 0; c < line.size(); ++c) width[c] = std::max(width[c], line[c].size());
  };
  widen(table.header);
  for (const Cells& row : table.rows) widen(row);
  const auto line = [&](const Cells& cells) {
    out << (format == Format::markdown ? "| " : "  ");
    for (std::size_t c = 0; c < cells.size(); ++c) {
      const std::string pad(width[c] - cells[c].size(), ' ');
      // first column left-aligned, numbers right-aligned
      out << (c == 0 ? cells[c] + pad : pad + cells[c]);
      if (c + 1 < cells.size()) out << (format == Format::markdown ? " | " : "  ");
    }
    out << (format == Format::markdown ? " |\n" : "\n");
  };
  line(table.header);
  if (format == Format::markdown) {
    out << "|";
    for (std::size_t c = 0; c < width.size(); ++c)
      out << (c == 0 ? " :" : " ") << std::string(width[c] - 1, '-') << (c == 0 ? " |" : ": |");
    out << "\n";
  }
  for (const Cells& row : table.rows) line(row);
}

Cells count_cells(const std::optional<OpTally>& count) {
  if (!count) return {"-", "-", "-", "-", "-", "-", "-", "-"};
  return {number(count->mul),  number(count->add),   number(count->div),
          number(count->sqrt), number(count->trig),  number(count->total()),
          number(count->featherstone_m()), number(count->featherstone_a())};
}

const Cells kCountHeader = {"mul", "add", "div", "sqrt", "sin/cos", "total", "m", "a"};

Cells published_cells(const Row& row, int n) {
  if (!row.published) return {"", "", ""};
  const PublishedCount c = featherstone_count(*row.published, n);
  return {featherstone_formula(*row.published).algorithm, std::to_string(c.m), std::to_string(c.a)};
}

void describe(const Comparison& comparison, Format format, std::ostream& out) {
  const bool markdown = format == Format::markdown;
  out << (markdown ? "**" : "") << "dyngen compare " << comparison.model << ": " << comparison.dof << " dof"
      << (comparison.revolute_chain ? ", unbranched revolute chain (Featherstone's formulas at n = " +
                                          std::to_string(comparison.dof) + " beside the routes)"
                                    : "")
      << "; forward dynamics of `dyngen generate`: " << comparison.chosen_route << (markdown ? "**\n\n" : "\n")
      << "m = mul + div, a = add/sub (Featherstone's convention); time = generation seconds\n";
}

}  // namespace

Format parse_format(const std::string& name) {
  if (name == "text") return Format::text;
  if (name == "csv") return Format::csv;
  if (name == "markdown") return Format::markdown;
  throw std::invalid_argument("--format " + name + ": valid formats are text, csv, markdown");
}

std::string format_comparison(const Comparison& comparison, Format format) {
  std::ostringstream out;
  if (format == Format::csv) {
    Table table;
    table.header = {"model", "section", "name", "label"};
    for (const char* h : {"mul", "add", "div", "sqrt", "trig", "total", "m", "a"}) table.header.push_back(h);
    for (const char* h : {"featherstone", "featherstone_m", "featherstone_a", "saving", "seconds", "note"})
      table.header.push_back(h);
    for (const Section& section : comparison.sections) {
      for (const Row& row : section.rows) {
        Cells cells = {comparison.model, section.name, row.name, row.label};
        for (const std::string& c : count_cells(row.count)) cells.push_back(c == "-" ? "" : c);
        for (const std::string& c : published_cells(row, comparison.dof)) cells.push_back(c);
        cells.push_back(row.saving ? std::to_string(*row.saving) : "");
        cells.push_back(row.count ? seconds_text(row.seconds) : "");
        cells.push_back(row.note);
        table.rows.push_back(cells);
      }
    }
    print(table, format, out);
    return out.str();
  }
  describe(comparison, format, out);
  for (const Section& section : comparison.sections) {
    out << "\n" << (format == Format::markdown ? "### " : "") << section.title << "\n";
    if (format == Format::markdown) out << "\n";
    Table table;
    table.header = {"row"};
    table.header.insert(table.header.end(), kCountHeader.begin(), kCountHeader.end());
    const bool published = section.name == "routes" && comparison.revolute_chain;
    if (published) table.header.insert(table.header.end(), {"Featherstone", "m", "a"});
    if (section.name == "ablation") table.header.push_back("saving");
    table.header.insert(table.header.end(), {"time s", "note"});
    for (const Row& row : section.rows) {
      Cells cells = {row.label};
      for (const std::string& c : count_cells(row.count)) cells.push_back(c);
      if (published) for (const std::string& c : published_cells(row, comparison.dof)) cells.push_back(c);
      if (section.name == "ablation") cells.push_back(row.saving ? std::to_string(*row.saving) : "");
      cells.push_back(row.count ? seconds_text(row.seconds) : "-");
      cells.push_back(row.note);
      table.rows.push_back(cells);
    }
    print(table, format, out);
  }
  return out.str();
}

std::string format_scaling(const ScalingSeries& series, Format format) {
  std::ostringstream out;
  const auto& routes = scaling_routes();
  const PublishedAlgorithm published[] = {PublishedAlgorithm::rnea_crba_ltdl, PublishedAlgorithm::aba,
                                          PublishedAlgorithm::rnea, PublishedAlgorithm::crba,
                                          PublishedAlgorithm::ltdl};
  const char* published_key[] = {"rnea_crba_ltdl", "aba", "rnea", "crba", "ltdl"};
  Table table;
  table.header = {"n"};
  if (format == Format::csv) {
    for (const std::string& route : routes)
      for (const char* field : {"mul", "add", "div", "sqrt", "trig", "total", "m", "a", "seconds"})
        table.header.push_back(route + "_" + field);
    for (const char* key : published_key) {
      table.header.push_back(std::string("featherstone_") + key + "_m");
      table.header.push_back(std::string("featherstone_") + key + "_a");
    }
  } else {
    for (const std::string& route : routes) table.header.push_back(route);
    for (const char* key : published_key) table.header.push_back(std::string("F ") + key + " m+a");
    table.header.push_back("time crba s");
    table.header.push_back("time aba s");
  }
  for (const ScalingPoint& point : series.points) {
    Cells cells = {std::to_string(point.n)};
    for (std::size_t r = 0; r < routes.size(); ++r) {
      const OpTally& c = point.count[r];
      if (format == Format::csv) {
        for (std::uint64_t v : {c.mul, c.add, c.div, c.sqrt, c.trig, c.total(), c.featherstone_m(), c.featherstone_a()})
          cells.push_back(number(v));
        cells.push_back(seconds_text(point.seconds[r]));
      } else {
        cells.push_back(number(c.total()));
      }
    }
    for (PublishedAlgorithm algorithm : published) {
      const PublishedCount c = featherstone_count(algorithm, point.n);
      if (format == Format::csv) {
        cells.push_back(std::to_string(c.m));
        cells.push_back(std::to_string(c.a));
      } else {
        cells.push_back(std::to_string(c.total()));
      }
    }
    if (format != Format::csv) {
      cells.push_back(seconds_text(point.seconds[scaling_column("forward_dynamics_crba")]));
      cells.push_back(seconds_text(point.seconds[scaling_column("forward_dynamics_aba")]));
    }
    table.rows.push_back(cells);
  }
  if (format != Format::csv) {
    out << (format == Format::markdown ? "### " : "")
        << "Chain family: total operations per route against n (engine, all optimizations) and "
           "Featherstone's m+a\n";
    if (format == Format::markdown) out << "\n";
  }
  print(table, format, out);
  if (format != Format::csv) {
    const auto text = [](const std::optional<int>& n) {
      return n ? "n = " + std::to_string(*n) : std::string("none in the range");
    };
    out << "\ncrossover (ABA cheaper than CRBA + b + LTDL from this n on): " << text(series.crossover)
        << "\nFeatherstone's formulas (ABA vs RNEA + CRBA + LTDL, m + a): " << text(series.featherstone_crossover)
        << "\n";
  }
  return out.str();
}

}  // namespace dyngen::compare
