; equifuzz run tests/data/findings/z3-5.4.1-settings/z3-invalid-model-83-6ff88110fbe674f7.smt2 --target z3 --solver-lib /root/.cache/equifuzz/solvers/z3-5.4.1.0/x/z3/lib/libz3.so --timeout 2000ms
; equifuzz finding: invalid-model
; expected: unsat
; got: INVALID MODEL: assertion 0 is false under result_1 = (seq.unit ((as const (Array Int Int)) 1)), s_1 = (seq.unit ((as const (Array Int Int)) 2))
; failed: check-sat 2 of 3: INVALID MODEL: assertion 0 is false under result_1 = (seq.unit ((as const (Array Int Int)) 1)), s_1 = (seq.unit ((as const (Array Int Int)) 2))
; solver: z3 (Z3 5.4.1.0)
; options: target=z3 timeout=2000ms engine=libafl dialect=z3-5.3.0
; bucket: 7ef2037a
; seed: 83
; category: combined-term-synthesis
; chain: depth=3 -> constant-replacement -> conjunction -> reset-assertions -> conjunction -> reset-assertions
; incremental: 3 check-sats, each labelled
; output| check-sat 2 of 3: INVALID MODEL: assertion 0 is false under result_1 = (seq.unit ((as const (Array Int Int)) 1)), s_1 = (seq.unit ((as const (Array Int Int)) 2))
; output| success
; output| success
; output| success
; output| success
; output| success
; output| success
; output| success
; output| success
; output| success
; output| success
; output| success
; output| success
; output| success
; output| success
; output| success
; output| success
; output| success
; output| success
; output| success
; output| success
; output| success
; output| success
; output| success
; output| sat
; output| ((s "ab")
; output|  (z ((as const (Array Int String)) "ab"))
; output|  (i_ac2 0)
; output|  (e_ac2 ""))
; output| success
; output| success
; output| sat
; output| ((s_1 (seq.unit ((as const (Array Int Int)) 2)))
; output|  (result_1 (seq.unit ((as const (Array Int Int)) 1))))
; output| success
; output| success
; output| success
; output| success
; output| success
; output| success
; output| success
; output| success
; output| unsat
; output| (a1_1 a2_1 a0_1 a3_1 a4_1)
(set-option :print-success true)
(set-option :global-declarations true)
(set-option :produce-models true)
(set-option :produce-unsat-cores true)
(declare-const s String)
(declare-const z (Array Int String))
(declare-const i_ac2 Int)
(declare-const e_ac2 String)
(declare-const s_1 (Seq (Array Int Int)))
(declare-const result_1 (Seq (Array Int Int)))
(declare-const s_2 (Seq String))
(declare-const t_1 (Seq String))
(declare-const u_1 (Seq String))
(declare-const res_1 Bool)
(declare-const r_3 Bool)
(declare-const r_1_1 Bool)
(declare-const r_2_1 Bool)
(declare-const n_2 (Seq String))
(declare-const v_2 String)
(declare-const n_1_1 (Seq (Array Int Int)))
(declare-const v_1_1 (Array Int Int))
(assert (! (= (store (ite false z ((as const (Array Int String)) "")) (str.len (str.from_int 1)) s) (store ((as const (Array Int String)) "") 1 "ab")) :named a17))
(assert (! (= z (store (store ((as const (Array Int String)) "ab") i_ac2 e_ac2) i_ac2 "ab")) :named a18))
(set-info :status sat)
(check-sat)
(get-value (s z i_ac2 e_ac2))
(reset-assertions)
(assert (! (= (seq.++ (seq.unit ((as const (Array Int Int)) 1)) s_1) result_1) :named a19))
(set-info :status sat)
(check-sat)
(get-value (s_1 result_1))
(reset-assertions)
(assert (! (not (= (seq.contains (seq.++ s_2 t_1 u_1) t_1) res_1)) :named a0_1))
(assert (! (= res_1 r_3) :named a1_1))
(assert (! (= r_3 r_1_1) :named a2_1))
(assert (! (= r_1_1 r_2_1) :named a3_1))
(assert (! (= r_2_1 true) :named a4_1))
(assert (! (seq.prefixof (seq.unit v_2) n_2) :named a5_1))
(assert (! (seq.prefixof (seq.unit v_1_1) n_1_1) :named a6_1))
(set-info :status unsat)
; expected unsat core: (a0_1 a1_1 a2_1 a3_1 a4_1)
(check-sat)
(get-unsat-core)
