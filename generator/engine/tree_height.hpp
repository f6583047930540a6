// Tree-height reduction of sums (a pass between flattening and printing): a tree of additions and
// subtractions whose inner values are used nowhere else is rebuilt with the same number of
// operations, but combining first the terms that are ready first (Huffman's rule on ready times,
// the classic height reduction of Kuck 1978 and Baer & Bovet 1968). The flattener builds a sum
// the way its terms came from the algorithm, so a late term — the composite inertia of the whole
// chain in M_00, say — often enters first and then waits through a row of additions of terms that
// were ready long before; rebuilt, it waits through one. Only the grouping changes: the same
// values up to rounding, never more operations (in a deduplicated list a combination the list
// already computes is reused, so each value stays computed once).
#pragma once

#include "instruction_list.hpp"

namespace dyngen::engine {

// Latency, in cycles, the pass assumes for an instruction: add, sub, mul, neg 3; div 13; sqrt 15;
// sin and cos 30; constants and inputs 0 (Zen 4/5 and recent Intel cores are within a cycle or
// two of these). The ready time of a value is the longest latency-weighted path to it.
int latency(Op op);

// Ready time of every instruction of the list.
std::vector<int> ready_times(const InstructionList& list);

// The cycles a list is expected to take on an out-of-order core with two floating-point pipes:
// its throughput bound (additions and multiplications half a cycle each, divisions 4 and square
// roots 5 in the unpipelined divider, sin and cos 8, atan2 20) plus its critical path (the largest
// ready time), Brent's bound on a greedy schedule (Brent 1974, "The parallel evaluation of general
// arithmetic expressions"): a long chain of dependent operations is not hidden behind the others,
// the reorder window being far shorter than a kernel. The operation count alone, or the larger of
// the two bounds, misjudges kernels with long chains: chain12's ABA has fewer operations and a
// smaller throughput bound than its CRBA route but a critical path 1.6 times as long, and runs
// slower (tools/bench: 858 vs 823 ns CPU time).
double estimated_cycles(const InstructionList& list);

// The list with every sum tree rebuilt; outputs keep their order, instructions stay in a
// topological order, operation counts never grow, and a deduplicated list stays so.
InstructionList reduce_tree_height(const InstructionList& list);

}  // namespace dyngen::engine
