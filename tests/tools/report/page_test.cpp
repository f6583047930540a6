// The HTML page: everything inlined, text escaped, the chart data a valid JSON block matching
// the chart figures, nothing that can end a <script> early.
#include <regex>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "report/html_text.hpp"
#include "report/page.hpp"

namespace dyngen::report {
namespace {

std::string block(const std::string& html, const std::string& id) {
  const std::string open = "<script type=\"application/json\" id=\"" + id + "\">";
  const std::size_t begin = html.find(open);
  EXPECT_NE(begin, std::string::npos) << id;
  const std::size_t end = html.find("</script>", begin);
  return html.substr(begin + open.size(), end - begin - open.size());
}

Page sample_page() {
  Page page("Report <test>", "runs/a&b", 50);
  page.add_badge("captured", Tone::good);
  Section& first = page.add_section("forces", "Forces & moments");
  first.add_text("Text with </script> and <b>tags</b>.");
  Chart chart{"Normal </script> force", "time [s]", "force [N]", {}, {}, false, true};
  for (int i = 0; i < 1000; ++i) chart.x.push_back(0.01 * i);
  Series series{"pair \"a\"", {}, "", false};
  for (int i = 0; i < 1000; ++i) series.values.push_back(i == 750 ? NAN : i * 2.0);
  chart.series.push_back(series);
  first.add_chart(chart);
  first.add_chart(chart);
  first.add_table({{"key", "value"}, {{"<k>", "1.5"}}, {false, true}, "caption"});
  page.add_section("empty", "Empty").add_note("nothing");
  page.add_data("extra", R"({"text": "</script><!--"})");
  page.add_script("window.extraRan = '</script>';");
  return page;
}

TEST(Page, EscapesTextAndInlinesEverything) {
  const std::string html = sample_page().html();
  EXPECT_NE(html.find("<h1>Report &lt;test&gt;</h1>"), std::string::npos);
  EXPECT_NE(html.find("<p class=\"subtitle\">runs/a&amp;b</p>"), std::string::npos);
  EXPECT_NE(html.find("<span class=\"badge good\">captured</span>"), std::string::npos);
  EXPECT_NE(html.find("<a href=\"#forces\">Forces &amp; moments</a>"), std::string::npos);
  EXPECT_NE(html.find("<p>Text with &lt;/script&gt; and &lt;b&gt;tags&lt;/b&gt;.</p>"), std::string::npos);
  EXPECT_NE(html.find("<td>&lt;k&gt;</td><td class=\"num\">1.5</td>"), std::string::npos);
  EXPECT_NE(html.find("uPlot"), std::string::npos);
  // nothing is fetched: no external scripts, styles or images
  EXPECT_FALSE(std::regex_search(html, std::regex(R"((src|href)\s*=\s*["']?(https?:)?//)")));
  EXPECT_FALSE(std::regex_search(html, std::regex(R"(<script[^>]+src=)")));
  EXPECT_FALSE(std::regex_search(html, std::regex(R"(<link[^>]+stylesheet)")));
}

TEST(Page, NoScriptEndsEarly) {
  const std::string html = sample_page().html();
  // every </script> closes a <script> that this page opened: as many of each
  std::size_t opened = 0, closed = 0;
  for (std::size_t at = html.find("<script"); at != std::string::npos; at = html.find("<script", at + 1)) ++opened;
  for (std::size_t at = html.find("</script"); at != std::string::npos; at = html.find("</script", at + 1)) ++closed;
  EXPECT_EQ(opened, closed);
  EXPECT_EQ(nlohmann::json::parse(block(html, "extra"))["text"], "</script><!--");
  EXPECT_NE(html.find("window.extraRan = '<\\/script>';"), std::string::npos);
}

TEST(Page, ChartDataMatchTheFigures) {
  const std::string html = sample_page().html();
  const nlohmann::json charts = nlohmann::json::parse(block(html, "dyngen-charts-data"));
  ASSERT_EQ(charts.size(), 2u);
  for (const auto& chart : charts) {
    EXPECT_NE(html.find("<figure class=\"chart\" id=\"" + chart["id"].get<std::string>() + "\">"), std::string::npos);
    EXPECT_EQ(chart["title"], "Normal </script> force");
    EXPECT_EQ(chart["series"][0]["label"], "pair \"a\"");
    EXPECT_EQ(chart["total_rows"], 1000);
    const std::size_t rows = chart["rows"];
    EXPECT_LE(rows, 210u);  // thinned: the page's 50-row budget, at least 100 intervals
    ASSERT_EQ(chart["data"].size(), 2u);
    EXPECT_EQ(chart["data"][0].size(), rows);
    EXPECT_EQ(chart["data"][1].size(), rows);
    EXPECT_EQ(chart["data"][1].back(), 1998.0);  // the last row and the maximum are kept
  }
  // the gap is a null, two charts share one grid
  EXPECT_NE(block(html, "dyngen-charts-data").find("null"), std::string::npos);
  const std::size_t grid = html.find("<div class=\"chart-grid\">");
  EXPECT_NE(grid, std::string::npos);
  EXPECT_EQ(html.find("<div class=\"chart-grid\">", grid + 1), std::string::npos);
}

TEST(Page, ScatterPlotsKeepEveryPoint) {
  Page page("Campaign", "", 50);  // a 50-row budget, which would thin a line chart of 1000 rows
  Chart scatter{"Envelope", "lateral miss [m]", "angular misalignment [rad]", {}, {}, false, false, true};
  Series captured{"captured", {}, "#2ca02c", false}, missed{"not captured", {}, "#d62728", false};
  for (int i = 0; i < 1000; ++i) {
    scatter.x.push_back(1e-4 * i);
    captured.values.push_back(i % 3 ? 0.001 * (i % 70) : NAN);
    missed.values.push_back(i % 3 ? NAN : 0.001 * (i % 70));
  }
  scatter.series = {captured, missed};
  page.add_section("envelope", "Capture envelope").add_chart(scatter);
  const nlohmann::json chart = nlohmann::json::parse(block(page.html(), "dyngen-charts-data"))[0];
  EXPECT_TRUE(chart["points"].get<bool>());
  EXPECT_EQ(chart["rows"], 1000);
  int dots = 0;
  for (const auto& series : {chart["data"][1], chart["data"][2]})
    for (const auto& value : series) dots += value.is_null() ? 0 : 1;
  EXPECT_EQ(dots, 1000);
}

TEST(Page, KeyFiguresAndMessagesAreEscaped) {
  Page page("Campaign");
  Section& summary = page.add_section("summary", "Summary");
  summary.add_key_figures({{"capture rate", "97 % <est>"}});
  summary.add_message("3 cases & more");
  const std::string html = page.html();
  EXPECT_NE(html.find("<div class=\"key-figures\"><div class=\"key-figure\"><div class=\"label\">capture rate</div>"
                      "<div class=\"value\">97 % &lt;est&gt;</div></div></div>"),
            std::string::npos);
  EXPECT_NE(html.find("<div class=\"message\">3 cases &amp; more</div>"), std::string::npos);
}

TEST(HtmlText, EscapesAndFormats) {
  EXPECT_EQ(escape_html("a<b>&\"'"), "a&lt;b&gt;&amp;&quot;&#39;");
  EXPECT_EQ(json_for_script(R"({"a":"</script>"})"), R"({"a":"\u003c/script>"})");
  EXPECT_EQ(script_for_html("x = '</SCRIPT >'"), "x = '<\\/SCRIPT >'");
  EXPECT_EQ(format_number(1834.54321), "1834.54");
  EXPECT_EQ(format_number(1e-7, 3), "1e-07");
}

}  // namespace
}  // namespace dyngen::report
