package bot

import (
	"fmt"
	"math"
)

// EvalSample is one player at one sampled position of a self-played game:
// the player's features (EvalFeatureNames), worth then and final worth.
type EvalSample struct {
	X     []float64
	Worth float64
	Final float64
	Phase int // the phase's index
}

// FitEval fits the evaluation's weights to samples by ridge regression:
// the target is each sample's final worth less its worth then; the
// features are standardised (the bias, the first, is not penalised) and
// ridge is the penalty on the standardised weights, per sample. It
// returns the weights on the raw features.
func FitEval(samples []EvalSample, ridge float64) ([]float64, error) {
	nf := len(evalFeatureNames)
	if len(samples) < nf {
		return nil, fmt.Errorf("bot: fit-eval: %d samples for %d features", len(samples), nf)
	}
	// column means and spreads (the bias column stays 1)
	mean := make([]float64, nf)
	sd := make([]float64, nf)
	for _, s := range samples {
		if len(s.X) != nf {
			return nil, fmt.Errorf("bot: fit-eval: a sample has %d features, want %d", len(s.X), nf)
		}
		for j := 1; j < nf; j++ {
			mean[j] += s.X[j]
		}
	}
	n := float64(len(samples))
	for j := 1; j < nf; j++ {
		mean[j] /= n
	}
	for _, s := range samples {
		for j := 1; j < nf; j++ {
			d := s.X[j] - mean[j]
			sd[j] += d * d
		}
	}
	sd[0] = 1
	for j := 1; j < nf; j++ {
		sd[j] = math.Sqrt(sd[j] / n)
		if sd[j] == 0 {
			sd[j] = 1 // a constant feature: its weight stays 0 under the penalty
		}
	}
	// normal equations (Z'Z + ridge*n*I) w = Z'y on standardised Z
	a := make([][]float64, nf)
	for j := range a {
		a[j] = make([]float64, nf)
	}
	b := make([]float64, nf)
	z := make([]float64, nf)
	for _, s := range samples {
		z[0] = 1
		for j := 1; j < nf; j++ {
			z[j] = (s.X[j] - mean[j]) / sd[j]
		}
		y := s.Final - s.Worth
		for j := range nf {
			b[j] += z[j] * y
			for k := 0; k <= j; k++ {
				a[j][k] += z[j] * z[k]
			}
		}
	}
	for j := range nf {
		for k := 0; k < j; k++ {
			a[k][j] = a[j][k]
		}
		if j > 0 {
			a[j][j] += ridge * n
		}
	}
	w, err := solveSPD(a, b)
	if err != nil {
		return nil, fmt.Errorf("bot: fit-eval: %w", err)
	}
	// back to raw features: w_j z_j = (w_j/sd_j) x_j - w_j mean_j/sd_j
	raw := make([]float64, nf)
	raw[0] = w[0]
	for j := 1; j < nf; j++ {
		raw[j] = w[j] / sd[j]
		raw[0] -= w[j] * mean[j] / sd[j]
	}
	return raw, nil
}

// solveSPD solves a x = b for a symmetric positive definite a by Cholesky
// decomposition (a and b are overwritten).
func solveSPD(a [][]float64, b []float64) ([]float64, error) {
	n := len(b)
	for j := range n {
		d := a[j][j]
		for k := range j {
			d -= a[j][k] * a[j][k]
		}
		if d <= 0 {
			return nil, fmt.Errorf("normal equations not positive definite at column %d (a feature is a combination of others; raise the ridge)", j)
		}
		d = math.Sqrt(d)
		a[j][j] = d
		for i := j + 1; i < n; i++ {
			v := a[i][j]
			for k := range j {
				v -= a[i][k] * a[j][k]
			}
			a[i][j] = v / d
		}
	}
	// L y = b, then L' x = y
	for i := range n {
		v := b[i]
		for k := range i {
			v -= a[i][k] * b[k]
		}
		b[i] = v / a[i][i]
	}
	for i := n - 1; i >= 0; i-- {
		v := b[i]
		for k := i + 1; k < n; k++ {
			v -= a[k][i] * b[k]
		}
		b[i] = v / a[i][i]
	}
	return b, nil
}

// Predict is the final worth the weights predict for a sample.
func (m *EvalModel) Predict(s EvalSample) float64 {
	v := s.Worth
	for j, w := range m.weights(s.Phase) {
		v += w * s.X[j]
	}
	return v
}
