/* The descriptor every set of generated kernels exports as <name>_mechanism(): the mechanism's
   sizes and names and its kernels behind fixed signatures, so a runtime can drive any mechanism it
   loads. The generated C header defines the same struct under the same guard (this file is the
   runtime's copy; the layout never changes within a version). Arrays a model does not have (base
   motion of a fixed base, external wrenches, runtime parameters) may be null. Layouts:
     q, qd, qdd, tau  one per coordinate, coordinate_names order
     base             w0, e0, a0 (rad/s, rad/s^2, m/s^2), base axes; v0 (m/s) the base origin's velocity
     wrench           per wrench body: force (N) then moment (N m) about its origin, body axes
     rotation, origin, angular_velocity, velocity: per wrench body, relative to the base, base axes
     position, velocity of points: per point, relative to the base, base axes
     energy           kinetic (J), potential (J), damper power (W); momentum: N s, N m s, base axes */
#ifndef DYNGEN_MECHANISM_V3
#define DYNGEN_MECHANISM_V3

struct dyngen_mechanism_v3 {
  int version; /* 3 */
  const char* name;
  const char* model_hash;
  int dof, independent_dof, loops, wrench_bodies, points, parameters, moving_base;
  const char* const* coordinate_names;
  const int* independent_coordinates;
  const int* actuated;         /* per coordinate: 1 where tau is read */
  const double* reference_q;   /* per coordinate: the spring's q0, the loops closed from it */
  const double* lower_limits;  /* per coordinate: the model's limits, -inf / +inf where none */
  const double* upper_limits;
  const char* const* wrench_body_names;
  const char* const* point_names;
  const char* const* loop_names;
  const char* const* parameter_names;  /* the runtime parameters p, in order */
  const double* parameter_values;      /* their values in the model file */
  /* Closes q and qd in place from their independent entries: 0, or a status (1 unreachable,
     2 beyond limits, 3 singular, 4 not converged, 5 not finite) and *failed_loop. */
  int (*close)(double* q, double* qd, const double* p, int* failed_loop);
  /* qdd of every coordinate at a closed state: 0, or 1 + the first loop whose Phi_d is singular. */
  int (*forward_dynamics)(const double* q, const double* qd, const double* tau, const double* base,
                          const double* wrench, const double* p, double* qdd);
  void (*base_wrench)(const double* q, const double* qd, const double* qdd, const double* base,
                      const double* wrench, const double* p, double* wrench_on_base);
  void (*point_kinematics)(const double* q, const double* qd, const double* p, double* position,
                           double* velocity);
  void (*body_kinematics)(const double* q, const double* qd, const double* p, double* rotation,
                          double* origin, double* angular_velocity, double* velocity);
  /* energy: kinetic (absolute: the base moving with w0 = base[0..2] and v0), potential of the
     springs and gravity, damper power; momentum: linear, angular about the base origin. */
  void (*energy)(const double* q, const double* qd, const double* base, const double* v0,
                 const double* p, double* energy, double* momentum);
  /* power: -sum c qd^2 of the joints' dampers (W). */
  void (*damper_power)(const double* qd, const double* p, double* power);
  /* forward_dynamics, then base_wrench at that qdd, in one pass; returns as forward_dynamics. */
  int (*forward_dynamics_base_wrench)(const double* q, const double* qd, const double* tau, const double* base,
                                      const double* wrench, const double* p, double* qdd, double* wrench_on_base);
  /* forward_dynamics_base_wrench in two stages, for a caller that changes only the base's
     accelerations e0, a0 (base[3..8]) at one state, as a spacecraft's coupling does (null for a
     fixed base): prepare reads the state and w0 into cache[cache_size] and returns as
     forward_dynamics; finish gives qdd and wrench_on_base for one e0, a0 from that cache. The
     results are forward_dynamics_base_wrench's, bit for bit. */
  int cache_size;
  int (*forward_dynamics_base_wrench_prepare)(const double* q, const double* qd, const double* tau, const double* base,
                                              const double* wrench, const double* p, double* cache);
  void (*forward_dynamics_base_wrench_finish)(const double* cache, const double* base, double* qdd,
                                              double* wrench_on_base);
};

#endif
