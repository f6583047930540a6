// synthetic_campaign STORE [--cases N]: writes the synthetic campaign store of synthetic_campaign.hpp,
// for the browser test (campaign_report_browser_test.mjs) and for looking at a report by hand.
#include <cstdlib>
#include <iostream>
#include <string>

#include "synthetic_campaign.hpp"

int main(int argc, char** argv) {
  dyngen::testing::SyntheticCampaignOptions options;
  if (argc == 4 && std::string(argv[2]) == "--cases") {
    options.cases = options.stored = std::strtoull(argv[3], nullptr, 10);
  } else if (argc != 2) {
    std::cerr << "usage: synthetic_campaign STORE [--cases N]\n";
    return 2;
  }
  dyngen::testing::write_synthetic_campaign(argv[1], options);
  return 0;
}
