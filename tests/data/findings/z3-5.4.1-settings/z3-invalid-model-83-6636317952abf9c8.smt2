; equifuzz run tests/data/findings/z3-5.4.1-settings/z3-invalid-model-83-6636317952abf9c8.smt2 --target z3 --solver-lib /root/.cache/equifuzz/solvers/z3-5.4.1.0/x/z3/lib/libz3.so --timeout 2000ms
; equifuzz finding: invalid-model
; expected: sat
; got: INVALID MODEL: assertion 0 is false under p = true, p_1 = true, result = (seq.unit ((as const (Array Int Int)) 1)), s = (seq.unit ((as const (Array Int Int)) 2))
; failed: check-sat 1 of 1: INVALID MODEL: assertion 0 is false under p = true, p_1 = true, result = (seq.unit ((as const (Array Int Int)) 1)), s = (seq.unit ((as const (Array Int Int)) 2))
; solver: z3 (Z3 5.4.1.0)
; options: target=z3 timeout=2000ms engine=libafl dialect=z3-5.3.0
; bucket: 7ef2037a
; seed: 83
; category: seq-constant-assignment
; chain: assumption -> assumption
; incremental: 1 check-sats, each labelled
; output| check-sat 1 of 1: INVALID MODEL: assertion 0 is false under p = true, p_1 = true, result = (seq.unit ((as const (Array Int Int)) 1)), s = (seq.unit ((as const (Array Int Int)) 2))
; output| success
; output| success
; output| success
; output| success
; output| success
; output| success
; output| success
; output| sat
; output| ((s (seq.unit ((as const (Array Int Int)) 2)))
; output|  (result (seq.unit ((as const (Array Int Int)) 1)))
; output|  (p true)
; output|  (p_1 true))
(set-option :print-success true)
(set-option :produce-models true)
(declare-const s (Seq (Array Int Int)))
(declare-const result (Seq (Array Int Int)))
(declare-const p Bool)
(declare-const p_1 Bool)
(assert (=> p_1 (=> p (= (seq.++ (seq.unit ((as const (Array Int Int)) 1)) s) result))))
(set-info :status sat)
(check-sat-assuming (p p_1))
(get-value (s result p p_1))
