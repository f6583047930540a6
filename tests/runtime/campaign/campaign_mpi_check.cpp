// Run under mpirun -np 2 (registered with CTest): the MPI engine's store equals the threaded
// engine's, wall times apart, for a toy campaign with captured, missed and failed cases; then a
// store of another definition is refused on every rank with the same message. Exit status 0 when
// all holds, 1 otherwise (a GoogleTest binary cannot run under mpirun: every rank would run every
// test).
#include "campaign/campaign_error.hpp"
#include "campaign/run_campaign_mpi.hpp"
#include "campaign/store.hpp"
#include "toy_docking.hpp"

#include <mpi.h>

#include <filesystem>
#include <iostream>

namespace dc = dyngen::campaign;

namespace {

dc::CaseTable without_wall_times(dc::CaseTable table) {
  const std::size_t wall = table.column_index(dc::kWallTimeColumn);
  table.columns.erase(table.columns.begin() + static_cast<std::ptrdiff_t>(wall));
  for (auto& row : table.rows) row.erase(row.begin() + static_cast<std::ptrdiff_t>(wall));
  return table;
}

void remove_store(const std::filesystem::path& path) {
  for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(path.string() + suffix);
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, size = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const std::filesystem::path directory = argc > 1 ? argv[1] : std::filesystem::temp_directory_path();
  const auto mpi_store = directory / "campaign_mpi_check_mpi.sqlite";
  const auto threaded_store = directory / "campaign_mpi_check_threads.sqlite";
  bool ok = true;
  if (rank == 0) {
    remove_store(mpi_store);
    remove_store(threaded_store);
  }
  MPI_Barrier(MPI_COMM_WORLD);

  const dc::CampaignSpec spec = dc::testing::toy_campaign(dc::Design::latin_hypercube, 128);
  const dc::RunSummary summary =
      dc::run_campaign_mpi(spec, dc::testing::toy_docking, mpi_store, MPI_COMM_WORLD, {.quiet = true});
  if (rank == 0) {
    dc::run_campaign(spec, dc::testing::toy_docking, threaded_store, {.threads = 2, .quiet = true});
    const auto by_mpi = without_wall_times(dc::Store::open_for_reading(mpi_store).read_cases());
    const auto by_threads = without_wall_times(dc::Store::open_for_reading(threaded_store).read_cases());
    const bool same = by_mpi.columns == by_threads.columns && by_mpi.rows == by_threads.rows;
    std::cout << size << " ranks: " << summary.run << " cases run (" << summary.failed << " failed), "
              << by_mpi.rows.size() << " stored; store " << (same ? "equals" : "DIFFERS FROM") << " the threaded run's\n";
    ok = same && summary.run == spec.case_count && by_mpi.rows.size() == spec.case_count && summary.failed > 0;
  } else {
    std::cout << "rank " << rank << " ran " << summary.run << " cases\n";
  }

  // Another seed on the same store: every rank gets rank 0's refusal.
  dc::CampaignSpec other = spec;
  other.seed += 1;
  try {
    dc::run_campaign_mpi(other, dc::testing::toy_docking, mpi_store, MPI_COMM_WORLD, {.quiet = true});
    std::cout << "rank " << rank << ": a store of another seed was NOT refused\n";
    ok = false;
  } catch (const dc::CampaignError& error) {
    const bool named = std::string(error.what()).find("seed: ") != std::string::npos;
    if (!named) std::cout << "rank " << rank << ": refusal without the seed: " << error.what() << "\n";
    ok = ok && named;
  }

  int all_ok = 0, mine = ok ? 1 : 0;
  MPI_Allreduce(&mine, &all_ok, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
  MPI_Finalize();
  return all_ok ? 0 : 1;
}
