; equifuzz run tests/data/findings/z3-5.4.1-settings/z3-invalid-model-83-263492a9962803e8.smt2 --target z3 --solver-lib /root/.cache/equifuzz/solvers/z3-5.4.1.0/x/z3/lib/libz3.so --timeout 2000ms
; equifuzz finding: invalid-model
; expected: sat
; got: INVALID MODEL: assertion 0 is false under result = (seq.unit ((as const (Array Int Int)) 1)), s = (seq.unit ((as const (Array Int Int)) 2))
; failed: check-sat 2 of 5: INVALID MODEL: assertion 0 is false under result = (seq.unit ((as const (Array Int Int)) 1)), s = (seq.unit ((as const (Array Int Int)) 2))
; solver: z3 (Z3 5.4.1.0)
; options: target=z3 timeout=2000ms engine=libafl dialect=z3-5.3.0
; bucket: 7ef2037a
; seed: 83
; category: seq-constant-assignment
; chain: repeat-check -> repeat-check
; incremental: 5 check-sats, each labelled
; output| check-sat 2 of 5: INVALID MODEL: assertion 0 is false under result = (seq.unit ((as const (Array Int Int)) 1)), s = (seq.unit ((as const (Array Int Int)) 2))
; output| success
; output| success
; output| success
; output| success
; output| success
; output| sat
; output| ((s (as seq.empty (Seq (Array Int Int))))
; output|  (result (seq.unit ((as const (Array Int Int)) 1))))
; output| success
; output| sat
; output| ((s (seq.unit ((as const (Array Int Int)) 2)))
; output|  (result (seq.unit ((as const (Array Int Int)) 1))))
; output| success
; output| sat
; output| ((s (seq.unit ((as const (Array Int Int)) 2)))
; output|  (result (seq.unit ((as const (Array Int Int)) 1))))
; output| success
; output| sat
; output| ((s (seq.unit ((as const (Array Int Int)) 2)))
; output|  (result (seq.unit ((as const (Array Int Int)) 1))))
; output| success
; output| sat
; output| ((s (seq.unit ((as const (Array Int Int)) 2)))
; output|  (result (seq.unit ((as const (Array Int Int)) 1))))
(set-option :print-success true)
(set-option :produce-models true)
(declare-const s (Seq (Array Int Int)))
(declare-const result (Seq (Array Int Int)))
(assert (= (seq.++ (seq.unit ((as const (Array Int Int)) 1)) s) result))
(set-info :status sat)
(check-sat)
(get-value (s result))
(push 1)
(set-info :status sat)
(check-sat)
(get-value (s result))
(pop 1)
(set-info :status sat)
(check-sat)
(get-value (s result))
(push 1)
(set-info :status sat)
(check-sat)
(get-value (s result))
(pop 1)
(set-info :status sat)
(check-sat)
(get-value (s result))
