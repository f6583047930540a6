// The page assets embedded into the library at build time (embed_assets.cmake): the charting
// library installed by npm and this folder's own CSS and scripts (assets/). Each returns the
// file's bytes.
#pragma once

#include <string_view>

namespace dyngen::report::assets {

std::string_view uplot_js();       // uPlot, minified (npm package `uplot`, pinned in package-lock.json)
std::string_view uplot_css();      // uPlot's own stylesheet
std::string_view uplot_license();  // uPlot's MIT licence, carried into every page that inlines it
std::string_view page_css();       // assets/page.css: layout, typography, tables, print
std::string_view charts_js();      // assets/charts.js: uPlot charts from the page's chart data
std::string_view timeline_js();    // assets/timeline.js: event strip and list, time selection
std::string_view diagram_js();     // assets/diagram.js: the animated dynamic diagram

}  // namespace dyngen::report::assets
