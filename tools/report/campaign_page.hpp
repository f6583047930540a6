// The HTML report of a docking campaign (README.md, "Campaign reports"): the capture rate with its
// 95 % Wilson interval and the campaign's definition, the outcomes and failures, the capture
// envelope and the capture rate across each varied input, percentiles and histograms of the peak
// loads, the worst cases each with the `dyngen simulate` command that reruns it alone, and links
// to the PNG figures. The same page style as the run report.
#pragma once

#include <string>

#include "campaign/case_table.hpp"
#include "campaign/store.hpp"
#include "report/campaign_charts.hpp"
#include "report/figure_files.hpp"

namespace dyngen::report {

// `store`: the store's path as the user gave it (shown, and in the commands the page suggests).
std::string campaign_page_html(const std::string& store, const campaign::StoredCampaign& campaign,
                               const campaign::CaseTable& cases, const CampaignCharts& charts,
                               const PageFigures& figures);

}  // namespace dyngen::report
