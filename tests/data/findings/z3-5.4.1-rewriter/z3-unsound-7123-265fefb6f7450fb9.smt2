; equifuzz run /work/campaigns/c1129/z3-541-on/findings/unsound/z3-unsound-7123-265fefb6f7450fb9.smt2 --target z3 --solver-lib /root/.cache/equifuzz/solvers/z3-5.4.1.0/x/z3/lib/libz3.so --timeout 2000ms # needs rewriter.elim_sign_ext=false sat.gc=dyn_psm smt.relevancy=1 smt.sls.enable=true
; equifuzz finding: unsound
; expected: unsat
; got: UNSOUND: expected unsat, got sat
; solver: z3 (Z3 5.4.1.0)
; options: target=z3 timeout=2000ms engine=libafl dialect=z3-5.3.0
; bucket: 0839e350
; seed: 7123
; category: bv-noise
; chain: BV40@128 -> links(3) -> noise(2)
; expected unsat core: (a0 a1 a2 a3 a4)
; output| sat
; output| (error "line 23 column 15: unsat core is not available")
(set-option :rewriter.elim_sign_ext false)
(set-option :sat.gc dyn_psm)
(set-option :smt.relevancy 1)
(set-option :smt.sls.enable true)
(set-info :status unsat)
(set-option :produce-unsat-cores true)
(declare-const x (_ BitVec 128))
(declare-const res (_ BitVec 1))
(declare-const r (_ BitVec 1))
(declare-const r_1 (_ BitVec 1))
(declare-const r_2 (_ BitVec 1))
(declare-const n (_ BitVec 16))
(declare-const m (_ BitVec 16))
(declare-const n_1 (_ BitVec 128))
(declare-const m_1 (_ BitVec 128))
(assert (! (not (= ((_ extract 127 127) x) res)) :named a0))
(assert (! (= res r) :named a1))
(assert (! (= r r_1) :named a2))
(assert (! (= r_1 r_2) :named a3))
(assert (! (= r_2 (ite (bvslt x #x00000000000000000000000000000000) #b1 #b0)) :named a4))
(assert (! (not (= n m)) :named a5))
(assert (! (= (bvand n_1 #x693d3f93d3c7f8fc02871510e83fb364) #x693d3f93d3c7f8fc02871510e83fb364) :named a6))
(check-sat)
(get-unsat-core)
